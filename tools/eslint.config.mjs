// The web seat's JavaScript checked by ESLint's recommended rules (run by .ci/run): browser modules, no globals
// beyond the browser's own.
import js from "@eslint/js";
import globals from "globals";

export default [
  js.configs.recommended,
  {
    files: ["chinese_ten/web/*.js"],
    languageOptions: { ecmaVersion: 2022, sourceType: "module", globals: globals.browser },
    rules: { "no-unused-vars": ["error", { argsIgnorePattern: "^_" }], eqeqeq: "error", "prefer-const": "error" },
  },
];
