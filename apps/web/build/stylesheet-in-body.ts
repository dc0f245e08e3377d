import type { Plugin } from 'vite';

const STYLESHEET = /[ \t]*<link rel="stylesheet"[^>]*>\n?/g;

/**
 * Moves the stylesheet links Vite puts in <head> to the end of <body>. In <head> the stylesheet
 * blocks rendering, so the frame index.html draws with its inline styles would wait for it; at
 * the end of <body> it does not block rendering, while the module scripts still wait for it
 * before they run (a stylesheet the parser met blocks scripts), so React never paints unstyled.
 */
export function moveStylesheetsToBody(html: string): string {
  const end = html.indexOf('</head>');
  const head = html.slice(0, end);
  const links = head.match(STYLESHEET);
  if (!links) return html;
  const body = html.slice(end).replace(/([ \t]*)<\/body>/, (_, indent: string) => links.map((link) => `${indent}  ${link.trim()}\n`).join('') + `${indent}</body>`);
  return head.replace(STYLESHEET, '') + body;
}

/** Vite plugin: the built index.html loads its stylesheet without blocking the first paint. */
export function stylesheetInBody(): Plugin {
  return {
    name: 'campus:stylesheet-in-body',
    apply: 'build',
    // After Vite has injected the entry's script and stylesheet tags.
    transformIndexHtml: { order: 'post', handler: moveStylesheetsToBody },
  };
}
