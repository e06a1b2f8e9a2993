/**
 * The new-game form, built from `Game.setup_form()` (the `setup` trait): the number of
 * players, each option with only its legal values (a slider for a range, a menu for
 * choices), the seed, and each seat as a person or a named bot. Start sends one `new_game`
 * message; Python checks every field and says in `error` what it refuses.
 */
import { button, h } from "./dom";
import type { Kit } from "./kit";
import type { SetupOption } from "./types";

export interface SetupFormPart {
  el: HTMLElement;
  toggle(): void;
  isOpen(): boolean;
  update(): void;
}

interface Choice {
  players: number;
  options: Record<string, unknown>;
  seed: string;
  seats: Record<string, string>;
}

const same = (a: unknown, b: unknown): boolean => JSON.stringify(a) === JSON.stringify(b);

export function setupForm(kit: Kit): SetupFormPart {
  const el = h("form", {
    class: "eg-setup",
    "data-testid": "setup-form",
    "aria-label": "New game",
  });
  el.hidden = true;
  let choice: Choice | null = null;

  function fresh(): Choice {
    const { setup, bots } = kit.traits;
    const current = setup.current;
    const options: Record<string, unknown> = {};
    for (const o of setup.options ?? [])
      options[o.name] =
        current?.options && o.name in current.options ? current.options[o.name] : o.default;
    return {
      players: current?.players ?? setup.players?.default ?? 2,
      options,
      seed: "",
      seats: { ...(current?.seats ?? bots) },
    };
  }

  function slider(
    testid: string,
    label: string,
    low: number,
    high: number,
    value: number,
    help: string,
    onChange: (v: number) => void,
    shown: (v: number) => string = String,
  ): HTMLElement {
    const out = h(
      "output",
      { class: "eg-setup-value", "data-testid": `${testid}-value` },
      shown(value),
    );
    const input = h("input", {
      type: "range",
      min: low,
      max: high,
      step: 1,
      value,
      "data-testid": testid,
      "aria-label": label,
    });
    input.addEventListener("input", () => {
      out.textContent = shown(Number(input.value));
      onChange(Number(input.value));
    });
    return h(
      "label",
      { class: "eg-setup-field", title: help },
      h("span", { class: "eg-setup-label" }, label),
      input,
      out,
    );
  }

  function optionField(o: SetupOption, c: Choice): HTMLElement {
    const testid = `setup-${o.name}`;
    if (o.choices) {
      const at = o.choices.findIndex((x) => same(x.value, c.options[o.name]));
      const select = h(
        "select",
        { class: "eg-select", "data-testid": testid, "aria-label": o.label },
        ...o.choices.map((x, i) => h("option", { value: i, selected: i === at }, x.label)),
      );
      select.addEventListener("change", () => {
        c.options[o.name] = o.choices![Number(select.value)].value;
      });
      return h(
        "label",
        { class: "eg-setup-field", title: o.help ?? "" },
        h("span", { class: "eg-setup-label" }, o.label),
        select,
      );
    }
    const value = Number(c.options[o.name] ?? o.default);
    // a seat is counted from 1, as the seats below are
    const shown = o.counts_seats ? (v: number) => `Player ${v + 1}` : String;
    return slider(
      testid,
      o.label,
      o.low ?? 0,
      o.high ?? 0,
      value,
      o.help ?? "",
      (v) => {
        c.options[o.name] = v;
      },
      shown,
    );
  }

  function seatFields(c: Choice): HTMLElement {
    const { bot_names } = kit.traits;
    const box = h("div", { class: "eg-setup-seats", "data-testid": "setup-seats" });
    for (let seat = 0; seat < c.players; seat++) {
      const current = c.seats[String(seat)] ?? "";
      const select = h(
        "select",
        {
          class: "eg-select",
          "data-testid": `setup-seat-${seat}`,
          "aria-label": `Seat ${seat + 1}`,
        },
        h("option", { value: "", selected: current === "" }, "person"),
        ...bot_names.map((b) => h("option", { value: b, selected: current === b }, `bot: ${b}`)),
      );
      select.addEventListener("change", () => {
        c.seats[String(seat)] = select.value;
      });
      box.append(
        h(
          "label",
          { class: "eg-setup-field" },
          h("span", { class: "eg-setup-label" }, `Seat ${seat + 1}`),
          select,
        ),
      );
    }
    return box;
  }

  function draw(): void {
    const { setup } = kit.traits;
    const c = choice ?? (choice = fresh());
    const players = setup.players;
    const seats = seatFields(c);
    const fields: HTMLElement[] = [];
    if (players && players.high > players.low)
      fields.push(
        slider("setup-players", "Players", players.low, players.high, c.players, "", (v) => {
          c.players = v;
          seats.replaceWith(seatFieldsAgain());
        }),
      );
    for (const o of setup.options ?? []) fields.push(optionField(o, c));
    const seed = h("input", {
      type: "number",
      min: 0,
      step: 1,
      value: c.seed,
      placeholder: "random",
      class: "eg-setup-seed",
      "data-testid": "setup-seed",
      "aria-label": "Seed",
    });
    seed.addEventListener("input", () => {
      c.seed = seed.value;
    });
    fields.push(
      h(
        "label",
        { class: "eg-setup-field", title: "The same seed and the same moves give the same game" },
        h("span", { class: "eg-setup-label" }, "Seed"),
        seed,
      ),
    );
    let shownSeats = seats;
    function seatFieldsAgain(): HTMLElement {
      const again = seatFields(c);
      shownSeats = again;
      return again;
    }
    const start = button("Start the new game", "setup-start", submit, { class: "eg-primary" });
    const cancel = button("Cancel", "setup-cancel", () => close(), { class: "eg-link" });
    el.replaceChildren(
      h(
        "h4",
        { class: "eg-heading" },
        `New game of ${setup.title || kit.traits.title || "this game"}`,
      ),
      h("div", { class: "eg-setup-fields" }, ...fields),
      shownSeats,
      h("div", { class: "eg-buttons" }, start, cancel),
    );
  }

  function submit(): void {
    const c = choice ?? fresh();
    const seats: Record<string, string> = {};
    for (let seat = 0; seat < c.players; seat++) seats[String(seat)] = c.seats[String(seat)] ?? "";
    const message: {
      kind: "new_game";
      players: number;
      options: Record<string, unknown>;
      seats: Record<string, string>;
      seed?: number;
    } = { kind: "new_game", players: c.players, options: c.options, seats };
    if (c.seed.trim() !== "") message.seed = Number(c.seed);
    kit.send(message);
    // a new game starts running: a Pause pressed in the last game does not carry over
    kit.store.set({ going: true });
    close();
  }

  function close(): void {
    el.hidden = true;
    choice = null;
  }

  el.addEventListener("submit", (event) => {
    event.preventDefault();
    submit();
  });

  return {
    el,
    toggle() {
      if (el.hidden) {
        choice = fresh();
        draw();
        el.hidden = false;
      } else close();
    },
    isOpen: () => !el.hidden,
    update() {
      if (!el.hidden) return; // keep what the person is choosing
      el.replaceChildren();
    },
  };
}
