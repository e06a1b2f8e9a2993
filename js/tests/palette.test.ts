/**
 * The widget keeps no colours of its own: the board, the food-web panel and the live plot
 * draw every species, diet group and player in the palette Python sends (`drawing.palette`,
 * `food_web.nodes[].colour`, `series.colours`). Each test repaints one swatch and finds the
 * new colour where that kind is drawn.
 */
import { describe, expect, it } from "vitest";
import biotopes from "../src/entries/biotopes";
import tori from "../src/entries/tori";
import toritori from "../src/entries/toritori";
import tulikko from "../src/entries/tulikko";
import type { WidgetModule } from "../src/kit";
import { type Fixture, fixture, mountsCleanedAfterEach } from "./helpers";

const open = mountsCleanedAfterEach();

interface PaletteJson {
  groups: Record<string, Record<string, { colour: string }>>;
}

/** The fixture with swatch `group.key` repainted `colour`. */
function repainted(name: string, group: string, key: string, colour: string): Fixture {
  const f = fixture(name);
  const drawing = f.drawing as { palette: PaletteJson };
  expect(drawing.palette.groups[group][key], `${group}.${key} in ${name}`).toBeDefined();
  drawing.palette.groups[group][key].colour = colour;
  return f;
}

const html = (el: HTMLElement): string => el.innerHTML.toLowerCase();

describe("every colour comes from the palette Python sends", () => {
  it("Tori-Tori: a species' tokens and counts, a researcher's pawn", () => {
    const f = repainted("toritori-start.json", "species", "native_tree", "#123456");
    (f.drawing as { palette: PaletteJson }).palette.groups.players.red.colour = "#654321";
    const m = open(f, toritori as WidgetModule);
    const tree = m.el.querySelector('[data-species="native_tree"] .tt-token-shape');
    expect(tree?.getAttribute("fill")).toBe("#123456");
    expect(
      m.el.querySelector('li[data-species="native_tree"] .tt-chip')?.getAttribute("style"),
    ).toContain("#123456");
    expect(html(m.el)).toContain("#654321");
  });

  it("the food-web panel fills each node with the colour Python gave it", () => {
    const f = fixture("toritori-start.json");
    const nodes = (f.food_web as { nodes: { id: string; colour: string }[] }).nodes;
    nodes.find((n) => n.id === "fox")!.colour = "#13579b";
    const m = open(f, toritori as WidgetModule);
    expect(m.get("fw-node-fox").querySelector(".eg-fw-dot")?.getAttribute("fill")).toBe("#13579b");
  });

  it("the live plot draws each quantity in its series colour, under the series' title", () => {
    const f = fixture("tulikko-over.json");
    const series = f.series as {
      colours: Record<string, string>;
      markers: Record<string, string>;
      title: string;
    };
    series.colours["points: Player 1"] = "#2468ac";
    series.markers = { "points: Player 1": "^" }; // the palette's shape of the quantity
    const m = open(f, tulikko as WidgetModule);
    const line = m.el.querySelector('[data-quantity="points: Player 1"] polyline');
    expect(line?.getAttribute("stroke")).toBe("#2468ac");
    const marks = m.el.querySelectorAll('[data-quantity="points: Player 1"] .eg-plot-marker');
    expect(marks.length).toBeGreaterThan(0);
    for (const mark of marks) expect(mark.getAttribute("data-marker")).toBe("^");
    expect(
      m.el.querySelector('li[data-quantity="points: Player 1"] .eg-plot-marker')?.tagName,
    ).toBe("polygon");
    expect(m.get("plot").querySelector("h4")?.textContent).toBe(series.title);
    expect(series.title).not.toBe("Populations");
  });

  it("Tulikko: a seat's outline and a forest colour", () => {
    const f = repainted("tulikko-over.json", "players", "0", "#abcdef");
    (f.drawing as { palette: PaletteJson }).palette.groups.tiles.green.colour = "#a1b2c3";
    const m = open(f, tulikko as WidgetModule);
    expect(html(m.el)).toContain("--tk-seat:#abcdef");
    expect(html(m.el)).toContain("#a1b2c3");
  });

  it("Tori: a good's stalls and customers, a coat of arms", () => {
    const f = repainted("tori-over.json", "goods", "fish", "#0a0b0c");
    (f.drawing as { palette: PaletteJson }).palette.groups.players["0"].colour = "#0d0e0f";
    const m = open(f, tori as WidgetModule);
    expect(html(m.el)).toContain("#0a0b0c");
    expect(html(m.el)).toContain("#0d0e0f");
  });

  it("Biotopes: a player's Territory tokens", () => {
    const f = repainted("biotopes-over.json", "players", "purple", "#fedcba");
    const m = open(f, biotopes as WidgetModule);
    expect(html(m.el)).toContain("#fedcba");
  });
});
