// Mantine's mixins (light/dark, rem, breakpoints) used by its styles and ours.
module.exports = {
  plugins: {
    'postcss-preset-mantine': {},
  },
};
