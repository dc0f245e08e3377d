import { pages } from '@campus/contract/pages';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { aStudent } from '../../test/fixtures';
import { renderApp } from '../../test/render';
import { loggedInAs, server } from '../../test/server';
import { viewableFile } from './viewable-file';

/** The file's HEAD answer: its stored type (the viewer chooses how to show it from that). */
const fileOfType = (url: string, contentType: string) => server.use(http.head(url, () => new HttpResponse(null, { headers: { 'content-type': contentType } })));

describe('/view (a file shown in the page)', () => {
  it('shows a PDF in a frame, asking the server for it inline, with its title, Download and Back', async () => {
    loggedInAs(aStudent());
    fileOfType('/files/abc', 'application/pdf');
    const app = renderApp(pages.view('/files/abc', 'Marksheet – semester 3'));
    expect(await screen.findByRole('heading', { level: 1, name: 'Marksheet – semester 3' })).toBeInTheDocument();
    const frame = await screen.findByTitle('Marksheet – semester 3');
    expect(frame.tagName).toBe('IFRAME');
    expect(frame).toHaveAttribute('src', '/files/abc?inline=1');
    const download = screen.getByRole('link', { name: 'Download' });
    expect(download).toHaveAttribute('href', '/files/abc');
    expect(download).toHaveAttribute('download');
    expect(document.title).toBe('Marksheet – semester 3 · Campus Portal');
    // Opened directly (no history in the app): Back goes home.
    await userEvent.click(screen.getByRole('button', { name: 'Back' }));
    expect(app.where.pathname).toBe('/');
  });

  it('shows an image as an image', async () => {
    loggedInAs(aStudent());
    fileOfType('/files/pic', 'image/png');
    renderApp(pages.view('/files/pic', 'Diagram'));
    expect(await screen.findByRole('img', { name: 'Diagram' })).toHaveAttribute('src', '/files/pic?inline=1');
  });

  it('says when a type cannot be shown, and still offers Download', async () => {
    loggedInAs(aStudent());
    fileOfType('/files/doc', 'application/vnd.openxmlformats-officedocument.wordprocessingml.document');
    renderApp(pages.view('/files/doc', 'Syllabus'));
    expect(await screen.findByText(/This file type cannot be shown here/)).toBeInTheDocument();
    expect(document.querySelector('iframe')).toBeNull();
    expect(screen.getByRole('link', { name: 'Download' })).toHaveAttribute('href', '/files/doc');
  });

  it('says so when the file is missing or not theirs', async () => {
    loggedInAs(aStudent());
    server.use(http.head('/files/gone', () => new HttpResponse(null, { status: 404 })));
    renderApp(pages.view('/files/gone', 'Old notes'));
    expect(await screen.findByRole('alert')).toHaveTextContent('This file does not exist, or it is not yours to see.');
    expect(document.querySelector('iframe')).toBeNull();
  });

  it.each([
    ['another site', 'https://evil.example/files/x'],
    ['a protocol-relative URL', '//evil.example/files/x'],
    ['a javascript: URL', 'javascript:alert(1)'],
    ['the API', '/api/v1/users/current-user'],
    ['a path that climbs out of /files', '/files/../api/v1/users/current-user'],
  ])('refuses %s: a clear error, never a frame', async (_what, file) => {
    loggedInAs(aStudent());
    renderApp(pages.view(file, 'Trap'));
    expect(await screen.findByRole('alert')).toHaveTextContent('This link does not point to a file of the portal, so it cannot be shown.');
    expect(document.querySelector('iframe')).toBeNull();
    expect(screen.queryByRole('link', { name: 'Download' })).toBeNull();
  });
});

describe('viewableFile', () => {
  it('keeps the path of a portal file, dropping any query', () => {
    expect(viewableFile('/files/abc', 'http://portal.test')).toBe('/files/abc');
    expect(viewableFile('/files/abc?inline=0', 'http://portal.test')).toBe('/files/abc');
    expect(viewableFile('/files\\..\\api', 'http://portal.test')).toBeNull();
    expect(viewableFile(null, 'http://portal.test')).toBeNull();
  });
});
