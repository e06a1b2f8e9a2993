/**
 * The Wildlife Web view, as `WildlifeWeb.view()` writes it (src/ecogames/games/wildlifeweb/
 * rules.py), and the card faces the widget sends once in `layout.cards` (widget.py).
 */

/** An animal in a Pack (a lone card, or a mated pair stacked on `card`). */
export interface PackAnimal {
  /** Its id for stories and Why? (`animal:<n>`), its family's (`family:<n>`), its mate's. */
  id?: string;
  family?: string;
  mate_id?: string | null;
  card: string;
  species: string;
  name: string;
  mate: string | null;
  /** Food cards under the animal: Forage cards (`f.NN`) and eaten animals. */
  food: string[];
  food_value: number;
  /** Food needed to take a mate, to start an Offspring, to raise it: the Size. */
  need: number;
  offspring: string | null;
  mature: boolean;
  active: boolean;
  pet: boolean;
  acted: boolean;
  /** No mate was found: it looks through the whole deck on a later turn. */
  waiting: boolean;
}

export interface HabitatCard {
  /** Its id for stories and Why? (`animal:<n>`). */
  id?: string;
  card: string;
  species: string;
  active: boolean;
  /** Both cards of the species are in the habitat. */
  pair: boolean;
}

export interface WildlifeView {
  players: number;
  you: number | null;
  active: number | null;
  phase: string;
  day: boolean;
  round: number;
  turn: number;
  target: number;
  pack_size: number;
  habitat: HabitatCard[];
  highway: string[];
  decks: { wildlife: number; event: number; forage: number; offspring: number };
  discards: { wildlife: string[]; event: string[] };
  packs: PackAnimal[][];
  secured: { cards: string[]; offspring: string }[][];
  /** Per seat: the upside-down Event card held for next turn; "hidden" for another seat's. */
  held_event: (string | null)[];
  /** Events lasting this turn: [event card, effect index]. */
  turn_events: [string, number][];
  decision: { event: string; candidates: string[] } | null;
  highway_cards: string[];
  reference: { title: string; lines: string[] };
  outcome: { winners: number[]; scores: number[]; reason: string } | null;
}

export interface Ability {
  name: string;
  text: string;
}

export interface SpeciesFace {
  name: string;
  scientific: string;
  size: number;
  strength: number;
  speed: number;
  agility: number;
  power: number;
  habitats: string[];
  activity: "diurnal" | "nocturnal" | "both" | "crepuscular";
  diet: string[];
  pet: boolean;
  about: string;
  abilities: Ability[];
}

export interface EventFace {
  name: string;
  time: "diurnal" | "nocturnal" | "both";
  text: string;
}

export interface ForageFace {
  name: string;
  kind: string;
  group: string;
}

export interface CardFaces {
  species: Record<string, SpeciesFace>;
  /** Event cards that are animals (House Cat, Ranch Dog), by species id. */
  pets: Record<string, string>;
  events: Record<string, EventFace>;
  forage: Record<string, ForageFace>;
  day_night: { day: string; night: string };
}

/** Tell a Wildlife Web view from anything else (another game's fixture, a broken trait). */
export function isWildlifeView(v: unknown): v is WildlifeView {
  const o = v as Partial<WildlifeView> | null;
  return (
    !!o &&
    Array.isArray(o.habitat) &&
    Array.isArray(o.highway) &&
    Array.isArray(o.packs) &&
    typeof o.phase === "string"
  );
}

const EMPTY: CardFaces = {
  species: {},
  pets: {},
  events: {},
  forage: {},
  day_night: { day: "", night: "" },
};

/** The card faces from the layout trait (empty tables when missing). */
export function facesOf(layout: Record<string, unknown>): CardFaces {
  const c = layout.cards as Partial<CardFaces> | undefined;
  if (!c || typeof c !== "object") return EMPTY;
  return {
    species: c.species ?? {},
    pets: c.pets ?? {},
    events: c.events ?? {},
    forage: c.forage ?? {},
    day_night: c.day_night ?? EMPTY.day_night,
  };
}
