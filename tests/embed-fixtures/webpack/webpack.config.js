// webpack.config.js: CommonJS, as webpack reads it in a project whose package.json says
// "type": "commonjs" (what `npm init` writes). The entry is an .mjs file, so webpack reads its
// `import` as an ES module.
const path = require('node:path');

module.exports = {
  mode: 'production',
  entry: './src/index.mjs',
  output: { path: path.resolve(__dirname, 'dist'), clean: true },
};
