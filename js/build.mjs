// Bundle every js/src/entries/<name>.ts into src/ecogames/static/<name>.js (ESM) and <name>.css.
// Usage: node build.mjs [--watch]
import { readdirSync, writeFileSync, existsSync, mkdirSync } from "node:fs";
import { dirname, join, basename } from "node:path";
import { fileURLToPath } from "node:url";
import * as esbuild from "esbuild";

const here = dirname(fileURLToPath(import.meta.url));
const entriesDir = join(here, "src", "entries");
const outdir = join(here, "..", "src", "ecogames", "static");
const watch = process.argv.includes("--watch");

const entries = readdirSync(entriesDir)
  .filter((f) => f.endsWith(".ts") && !f.endsWith(".d.ts"))
  .sort();
if (entries.length === 0) throw new Error(`no entry in ${entriesDir}`);
mkdirSync(outdir, { recursive: true });

/** Every entry gets a .css, even one that imports no styles, so Python can always load it. */
const ensureCss = {
  name: "ensure-css",
  setup(build) {
    build.onEnd((result) => {
      if (result.errors.length) return;
      for (const file of entries) {
        const css = join(outdir, `${basename(file, ".ts")}.css`);
        if (!existsSync(css)) writeFileSync(css, "/* no styles */\n");
      }
      console.log(
        `built ${entries.length} widget(s) into ${outdir}: ${entries.map((f) => basename(f, ".ts")).join(", ")}`,
      );
    });
  },
};

const options = {
  entryPoints: entries.map((f) => join(entriesDir, f)),
  outdir,
  bundle: true,
  format: "esm",
  target: "es2020",
  platform: "browser",
  minify: false,
  sourcemap: false,
  legalComments: "none",
  logLevel: "warning",
  plugins: [ensureCss],
};

if (watch) {
  const ctx = await esbuild.context(options);
  await ctx.watch();
  console.log("watching for changes (ANYWIDGET_HMR=1 reloads the widget)...");
} else {
  await esbuild.build(options);
}
