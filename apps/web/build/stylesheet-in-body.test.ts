import { describe, expect, it } from 'vitest';
import { moveStylesheetsToBody } from './stylesheet-in-body';

describe('moveStylesheetsToBody', () => {
  it('moves the head stylesheet after the page content, and leaves the script in the head', () => {
    const html = [
      '<head>',
      '    <script type="module" crossorigin src="/assets/index-1.js"></script>',
      '    <link rel="stylesheet" crossorigin href="/assets/index-2.css">',
      '  </head>',
      '  <body>',
      '    <div id="root">frame</div>',
      '  </body>',
    ].join('\n');
    expect(moveStylesheetsToBody(html)).toBe(
      [
        '<head>',
        '    <script type="module" crossorigin src="/assets/index-1.js"></script>',
        '  </head>',
        '  <body>',
        '    <div id="root">frame</div>',
        '    <link rel="stylesheet" crossorigin href="/assets/index-2.css">',
        '  </body>',
      ].join('\n'),
    );
  });

  it('leaves a page without stylesheets as it is', () => {
    const html = '<head><title>x</title></head><body></body>';
    expect(moveStylesheetsToBody(html)).toBe(html);
  });
});
