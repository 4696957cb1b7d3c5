// vite.config.mjs: an .mjs file, because `npm init` writes "type": "commonjs", and in such a
// project Vite would read a vite.config.js as CommonJS. swrr-viz itself needs no configuration
// (Vite 8); this only keeps the page's entry script render-blocking.
export default {
  plugins: [{
    // `vite build` writes its own <script> for the entry, without the blocking="render" of
    // index.html: put it back, so the page is first drawn with each <swrr-viz> already at its size.
    name: 'render-blocking-entry',
    transformIndexHtml: {
      order: 'post',
      handler: (html) => html.replace('<script type="module" crossorigin', '<script type="module" blocking="render" crossorigin'),
    },
  }],
};
