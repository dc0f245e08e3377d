import { execFileSync } from 'node:child_process';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Manifest } from './js-budget';
import { precacheList, shellVersion } from './service-worker';

const manifest: Manifest = {
  'index.html': { file: 'assets/index-a.js', isEntry: true, imports: ['_react-b.js'], dynamicImports: ['src/features/auth/LoginPage.tsx', 'src/Course.tsx'], css: ['assets/index-a.css'] },
  '_react-b.js': { file: 'assets/react-b.js' },
  'src/features/auth/LoginPage.tsx': { file: 'assets/LoginPage-c.js', src: 'src/features/auth/LoginPage.tsx', imports: ['index.html', '_Field-d.js'], dynamicImports: ['src/checks.ts'] },
  '_Field-d.js': { file: 'assets/Field-d.js', imports: ['_react-b.js'] },
  'src/checks.ts': { file: 'assets/checks-e.js', src: 'src/checks.ts', imports: ['_zod-f.js'] },
  '_zod-f.js': { file: 'assets/zod-f.js' },
  // Two routes import the admit card's page: Vite keys its chunk by name.
  '_HallTicketPage-g.js': {
    file: 'assets/HallTicketPage-g.js',
    imports: ['index.html', '_dates-h.js'],
    dynamicImports: ['src/features/hallticket/CardCode.tsx', 'src/features/hallticket/pdf.ts'],
    css: ['assets/HallTicketPage-g.css'],
  },
  '_dates-h.js': { file: 'assets/dates-h.js' },
  'src/features/hallticket/CardCode.tsx': { file: 'assets/CardCode-l.js', src: 'src/features/hallticket/CardCode.tsx', imports: ['index.html', '_qr-n.js'] },
  '_qr-n.js': { file: 'assets/qr-n.js' },
  'src/features/hallticket/pdf.ts': { file: 'assets/pdf-i.js', src: 'src/features/hallticket/pdf.ts', imports: ['_jspdf-j.js'] },
  '_jspdf-j.js': { file: 'assets/jspdf-j.js' },
  'src/Course.tsx': { file: 'assets/Course-k.js', src: 'src/Course.tsx' },
};

describe('the shell the service worker saves at install', () => {
  it('is index.html, the public files, the entry and the offline pages with their imports and stylesheets, each once', () => {
    expect(precacheList(manifest)).toEqual([
      '/',
      '/favicon.svg',
      '/manifest.webmanifest',
      '/assets/index-a.js',
      '/assets/index-a.css',
      '/assets/react-b.js',
      '/assets/HallTicketPage-g.js',
      '/assets/HallTicketPage-g.css',
      '/assets/dates-h.js',
      '/assets/CardCode-l.js',
      '/assets/qr-n.js',
      '/assets/LoginPage-c.js',
      '/assets/Field-d.js',
    ]);
  });

  it('takes what the admit card loads after it shows (its QR code), but not the PDF maker, the login form’s checks or other pages', () => {
    const urls = precacheList(manifest).join();
    expect(urls).toContain('CardCode-l');
    for (const file of ['pdf-i', 'jspdf-j', 'checks-e', 'zod-f', 'Course-k']) expect(urls).not.toContain(file);
  });

  it('takes /verify, with its camera scanner, when the build has it', () => {
    const withVerify: Manifest = {
      ...manifest,
      'src/features/documents/VerifyPage.tsx': { file: 'assets/VerifyPage-m.js', src: 'src/features/documents/VerifyPage.tsx', imports: ['index.html', '_dates-h.js'], dynamicImports: ['_jsQR-o.js'] },
      '_jsQR-o.js': { file: 'assets/jsQR-o.js', imports: ['index.html'] },
    };
    expect(precacheList(withVerify).slice(-2)).toEqual(['/assets/VerifyPage-m.js', '/assets/jsQR-o.js']);
  });

  it('has a version that changes with any file name or with index.html', () => {
    const urls = precacheList(manifest);
    const v = shellVersion(urls, '<html>1</html>');
    expect(v).toMatch(/^[0-9a-f]{16}$/);
    expect(shellVersion(urls, '<html>1</html>')).toBe(v);
    expect(shellVersion(urls, '<html>2</html>')).not.toBe(v);
    expect(shellVersion([...urls.slice(0, -1), '/assets/Field-z.js'], '<html>1</html>')).not.toBe(v);
  });
});

describe('sw.js', () => {
  it('is one classic script with the shell written in and the contract’s paths, without zod', () => {
    // In a Node of its own, as `vite build` runs it: esbuild refuses the jsdom these tests run in.
    const script = `import { buildWorker } from './build/service-worker.ts';
      process.stdout.write(await buildWorker(process.cwd(), ['/', '/assets/index-a.js'], 'abc123'));`;
    const code = execFileSync(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], { cwd: resolve(import.meta.dirname, '..'), encoding: 'utf8' });
    expect(code).not.toMatch(/^\s*(import|export)\b/m);
    expect(code).toContain('["/","/assets/index-a.js"]');
    expect(code).toContain('campus-shell-');
    expect(code).toContain('abc123');
    expect(code).toContain('/api/v1/documents/admitcard');
    expect(code).not.toMatch(/zod|ZodError/);
    expect(code.length).toBeLessThan(20_000);
  }, 30_000);
});
