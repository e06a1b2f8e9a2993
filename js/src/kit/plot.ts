/**
 * The live population plot: the game's series (`ecogames.core.series`, the same one the
 * Python API returns) as plain SVG lines, one per quantity in the palette's colours (sent
 * with the series; quantities it does not name take the palette's cycle), titled with what
 * the series measures (`SeriesSpec.title`), with whole
 * number ticks, the x axis labelled with the game's step, a legend, and a mark on the step
 * of the action shown while replaying. Redrawn after every action.
 */
import { h, s } from "./dom";
import type { Kit, Part, PartSpec } from "./kit";
import { cycleColour, paletteOf } from "./palette";
import { LIVE } from "./steps";

const W = 360;
const H = 190;
const PAD = { left: 38, right: 10, top: 10, bottom: 34 };

/** Whole-number ticks from 0 to at least `max`, about `count` of them. */
export function integerTicks(max: number, count = 5): number[] {
  const top = Math.max(1, Math.ceil(max));
  const raw = top / count;
  const magnitude = 10 ** Math.floor(Math.log10(Math.max(raw, 1)));
  const step = Math.max(
    1,
    [1, 2, 5, 10].map((m) => m * magnitude).find((v) => v >= raw) ?? 10 * magnitude,
  );
  const ticks: number[] = [];
  for (let v = 0; v <= top + step - 1 && ticks.length < 50; v += step) ticks.push(v);
  return ticks;
}

const POLYGONS: Record<string, [number, number]> = {
  s: [4, Math.PI / 4],
  "^": [3, -Math.PI / 2],
  v: [3, Math.PI / 2],
  D: [4, 0],
  p: [5, -Math.PI / 2],
  h: [6, 0],
};

/** A point of a series in its palette shape (matplotlib's marker letter): a circle, or a
 * square, triangle, diamond, pentagon or hexagon; outlined, as in the figures. */
export function markerShape(
  code: string | undefined,
  cx: number,
  cy: number,
  r: number,
  fill: string,
): SVGElement {
  const polygon = POLYGONS[code ?? ""];
  const attrs = { fill, stroke: "#222", "stroke-width": 0.5, class: "eg-plot-marker" };
  if (!polygon) return s("circle", { cx, cy, r: r * 0.85, "data-marker": code ?? "o", ...attrs });
  const [n, start] = polygon;
  const points = Array.from({ length: n }, (_, k) => {
    const a = start + (k * 2 * Math.PI) / n;
    return `${(cx + r * Math.cos(a)).toFixed(1)},${(cy + r * Math.sin(a)).toFixed(1)}`;
  }).join(" ");
  return s("polygon", { points, "data-marker": code, ...attrs });
}

/** The legend's key: a short line in the quantity's colour with its marker on it. */
function legendKey(colour: string, code: string | undefined): SVGElement {
  return s(
    "svg",
    { class: "eg-plot-swatch", width: 18, height: 10, viewBox: "0 0 18 10", "aria-hidden": "true" },
    s("line", { x1: 0, x2: 18, y1: 5, y2: 5, stroke: colour, "stroke-width": 2 }),
    markerShape(code, 9, 5, 3.5, colour),
  );
}

function make(kit: Kit): Part {
  const svg = s("svg", {
    class: "eg-plot-svg",
    viewBox: `0 0 ${W} ${H}`,
    role: "img",
    "data-testid": "plot-svg",
  });
  const legend = h("ul", { class: "eg-plot-legend", "data-testid": "plot-legend" });
  const title = h("h4", { class: "eg-heading" }, "Populations");
  const el = h(
    "section",
    { class: "eg-plot", "data-testid": "plot", "aria-label": "Populations over time" },
    title,
    svg,
    legend,
  );

  /** The series step of the action shown while replaying (null at the current state). */
  function markedStep(): number | null {
    const { shown, step } = kit.store.get();
    if (shown === null && step === LIVE) return null;
    const action = shown ?? kit.timeline.length - 1;
    return kit.timeline[action]?.step ?? null;
  }

  function draw(): void {
    const series = kit.traits.series;
    const steps = series.steps ?? [];
    const values = series.values ?? {};
    const names = Object.keys(values);
    el.hidden = names.length === 0;
    el.dataset.points = String(steps.length);
    if (names.length === 0) {
      svg.replaceChildren();
      legend.replaceChildren();
      return;
    }
    const colours = series.colours ?? {};
    // What if…: the other future's populations, dashed, on the same axes
    const other = kit.whatIf.alternative?.series;
    const otherSteps = other?.steps ?? [];
    const otherValues = other?.values ?? {};
    const palette = paletteOf(kit.traits.drawing);
    const colour = (name: string, i: number): string => colours[name] ?? cycleColour(palette, i);
    const markers = series.markers ?? {};
    const heading = series.title || "Populations";
    title.textContent = heading;
    el.setAttribute("aria-label", `${heading} over time`);
    const xMax = Math.max(1, steps[steps.length - 1] ?? 1, otherSteps[otherSteps.length - 1] ?? 1);
    const yTicks = integerTicks(
      Math.max(0, ...names.flatMap((n) => [...values[n], ...(otherValues[n] ?? [])])),
    );
    const yMax = yTicks[yTicks.length - 1] || 1;
    const xTicks = integerTicks(xMax, 6).filter((v) => v <= xMax);
    const x = (v: number): number => PAD.left + (v / xMax) * (W - PAD.left - PAD.right);
    const y = (v: number): number => H - PAD.bottom - (v / yMax) * (H - PAD.top - PAD.bottom);

    const axes = s("g", { class: "eg-plot-axes" });
    for (const t of yTicks)
      axes.append(
        s("line", { x1: PAD.left, x2: W - PAD.right, y1: y(t), y2: y(t), class: "eg-plot-grid" }),
        s(
          "text",
          { x: PAD.left - 4, y: y(t) + 3, "text-anchor": "end", class: "eg-plot-tick" },
          String(t),
        ),
      );
    for (const t of xTicks)
      axes.append(
        s(
          "text",
          { x: x(t), y: H - PAD.bottom + 12, "text-anchor": "middle", class: "eg-plot-tick" },
          String(t),
        ),
      );
    axes.append(
      s("line", { x1: PAD.left, x2: W - PAD.right, y1: y(0), y2: y(0), class: "eg-plot-axis" }),
      s("line", { x1: PAD.left, x2: PAD.left, y1: PAD.top, y2: y(0), class: "eg-plot-axis" }),
      s(
        "text",
        {
          x: (PAD.left + W - PAD.right) / 2,
          y: H - 4,
          "text-anchor": "middle",
          class: "eg-plot-label",
          "data-testid": "plot-x-label",
        },
        series.step || "step",
      ),
    );

    const lines = names.map((name, i) => {
      const column = values[name];
      const points = steps.map((st, k) => `${x(st).toFixed(1)},${y(column[k] ?? 0).toFixed(1)}`);
      const g = s("g", { class: "eg-plot-series", "data-quantity": name });
      g.append(
        s("polyline", {
          points: points.join(" "),
          fill: "none",
          stroke: colour(name, i),
          "stroke-width": 2,
        }),
      );
      if (steps.length <= 40)
        for (const [k, st] of steps.entries()) {
          const mark = markerShape(markers[name], x(st), y(column[k] ?? 0), 3, colour(name, i));
          mark.append(s("title", {}, `${name}: ${column[k]} (${series.step || "step"} ${st})`));
          g.append(mark);
        }
      return g;
    });

    const dashed = names
      .filter((name) => otherValues[name])
      .map((name) =>
        s(
          "g",
          {
            class: "eg-plot-series eg-plot-what-if",
            "data-quantity": name,
            "data-future": "what if",
          },
          s("polyline", {
            points: otherSteps
              .map((st, k) => `${x(st).toFixed(1)},${y(otherValues[name][k] ?? 0).toFixed(1)}`)
              .join(" "),
            fill: "none",
            stroke: colour(name, names.indexOf(name)),
            "stroke-width": 2,
            "stroke-dasharray": "5 3",
          }),
          s("title", {}, `${name} if the draw had come out otherwise`),
        ),
      );
    const mark = markedStep();
    const marker =
      mark === null
        ? null
        : s(
            "g",
            { class: "eg-plot-mark", "data-testid": "plot-mark", "data-step": mark },
            s("line", {
              x1: x(Math.min(mark, xMax)),
              x2: x(Math.min(mark, xMax)),
              y1: PAD.top,
              y2: y(0),
            }),
            s("title", {}, `The action shown lies in ${series.step || "step"} ${mark}`),
          );
    svg.setAttribute("aria-label", `${names.join(", ")} per ${series.step || "step"}`);
    svg.replaceChildren(axes, ...lines, ...dashed, ...(marker ? [marker] : []));

    legend.replaceChildren(
      ...names.map((name, i) => {
        const column = values[name];
        return h(
          "li",
          { "data-quantity": name },
          legendKey(colour(name, i), markers[name]),
          `${name}: ${column[column.length - 1] ?? 0}`,
        );
      }),
      ...(dashed.length
        ? [
            h(
              "li",
              { "data-testid": "plot-what-if-legend" },
              h("span", { class: "eg-plot-dash" }),
              "what if (dashed)",
            ),
          ]
        : []),
    );
  }

  return { el, update: draw };
}

export const populationPlot: PartSpec = {
  make,
  traits: ["series", "drawing"],
  ui: ["step", "shown", "timelineRev", "shownRev", "whatIfRev"],
};
