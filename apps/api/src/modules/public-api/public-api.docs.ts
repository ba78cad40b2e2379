import { Router, type Response } from 'express';
import { createHash } from 'node:crypto';
import { createRequire } from 'node:module';
import path from 'node:path';
import { ApiDocsPaths } from '@hireflow/contracts/api-access';
import { buildOpenApiDocument } from './public-api.openapi';

/**
 * GET /api/docs (Swagger UI, its assets served from the installed swagger-ui-dist, no CDN) and
 * GET /api/docs/openapi.json. The page runs under its own CSP: scripts and styles from 'self' only, no
 * inline code (the initializer is our own file), nothing framed, fetches to this origin only.
 */
export const docsRouter = Router();

const relative = (p: string) => p.replace(/^\/api/, '');
const swaggerDir = path.dirname(createRequire(import.meta.url).resolve('swagger-ui-dist/package.json'));

/** The files of swagger-ui-dist the page loads; nothing else of the package is served. */
const SwaggerAssets = ['swagger-ui.css', 'swagger-ui-bundle.js', 'swagger-ui-standalone-preset.js', 'favicon-32x32.png', 'favicon-16x16.png'] as const;

const SwaggerLogoStyleHash = `sha256-${createHash('sha256').update('.logo_small_svg__cls-2{fill:#fff}.logo_small_svg__cls-3{fill:#85ea2d}').digest('base64')}`;

export const DocsCsp = [
  "default-src 'none'",
  "script-src 'self'",
  // The one <style> swagger-ui inserts (its logo's colours), allowed by its hash rather than 'unsafe-inline'.
  `style-src 'self' '${SwaggerLogoStyleHash}'`,
  "img-src 'self' data:",
  "font-src 'self'",
  "connect-src 'self'",
  "base-uri 'none'",
  "form-action 'none'",
  "frame-ancestors 'none'",
].join('; ');

const asset = (name: string) => `${ApiDocsPaths.page}/${name}`;

const page = `<!DOCTYPE html>
<html lang="en">
  <head>
    <meta charset="UTF-8">
    <meta name="viewport" content="width=device-width, initial-scale=1">
    <title>Hireflow API documentation</title>
    <link rel="stylesheet" href="${asset('swagger-ui.css')}">
    <link rel="icon" type="image/png" href="${asset('favicon-32x32.png')}" sizes="32x32">
    <link rel="icon" type="image/png" href="${asset('favicon-16x16.png')}" sizes="16x16">
  </head>
  <body>
    <div id="swagger-ui" data-url="${ApiDocsPaths.document}"></div>
    <script src="${asset('swagger-ui-bundle.js')}"></script>
    <script src="${asset('swagger-ui-standalone-preset.js')}"></script>
    <script src="${asset('swagger-initializer.js')}"></script>
  </body>
</html>
`;

/** Replaces swagger-ui-dist's initializer (which points at the petstore): reads our document's URL from the page. */
const initializer = `window.addEventListener('load', function () {
  var root = document.getElementById('swagger-ui');
  window.ui = SwaggerUIBundle({
    url: root.getAttribute('data-url'),
    dom_id: '#swagger-ui',
    deepLinking: true,
    persistAuthorization: false,
    presets: [SwaggerUIBundle.presets.apis, SwaggerUIStandalonePreset],
    layout: 'StandaloneLayout',
  });
});
`;

const docsHeaders = (res: Response) => {
  res.setHeader('Content-Security-Policy', DocsCsp);
};

let document: ReturnType<typeof buildOpenApiDocument> | null = null;

docsRouter.get(relative(ApiDocsPaths.document), (_req, res) => {
  document ??= buildOpenApiDocument();
  res.setHeader('Cache-Control', 'no-cache');
  res.json(document);
});

docsRouter.get(relative(ApiDocsPaths.page), (_req, res) => {
  docsHeaders(res);
  res.setHeader('Cache-Control', 'no-cache');
  res.type('html').send(page);
});

docsRouter.get(relative(asset('swagger-initializer.js')), (_req, res) => {
  res.setHeader('Cache-Control', 'public, max-age=3600');
  res.type('application/javascript').send(initializer);
});

for (const name of SwaggerAssets) {
  docsRouter.get(relative(asset(name)), (_req, res, next) => {
    res.setHeader('Cache-Control', 'public, max-age=86400');
    // The package lives under node_modules/.pnpm: a dot directory, which sendFile refuses unless told.
    res.sendFile(path.join(swaggerDir, name), { dotfiles: 'allow' }, (error) => {
      if (error && !res.headersSent) next(error);
    });
  });
}
