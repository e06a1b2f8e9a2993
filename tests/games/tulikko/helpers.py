"""Build the exact situations of the rulebook's examples on top of a real set-up.

A :class:`Table` starts from ``new_game`` (fixed maps and cards), takes the random starting
tiles back, then lays tiles, tokens, cards and aurora tiles by hand while keeping every
component in exactly one place; :meth:`Table.finish` hands the result to
``Tulikko.from_state``, which validates it like a save file, so an impossible situation
fails loudly instead of testing nothing.
"""

from __future__ import annotations

from collections import Counter

from ecogames.games.tulikko import Tulikko, new_game
from ecogames.games.tulikko.components import (
    ANIMAL,
    CELLS,
    COLOURS,
    NEIGHBOURS,
    NEUTRAL_TILES,
    OPPOSITE,
    RIVER,
    TILE_COLOUR,
    TILES,
    TURNS,
    cell_of,
    edge_key,
)
from ecogames.games.tulikko.patterns import EMPTY
from ecogames.games.tulikko.rules import ENDINGS

LETTER = {"G": "green", "O": "orange", "B": "blue", "P": "purple"}
FLORA, NATASHA = 0, 1


class Table:
    def __init__(self, players: int = 2, maps: tuple[str, ...] = ("fox", "owl", "lynx",
                 "reindeer"), cards: tuple[str, str, str] = ("shape-1", "river-1", "color-1"),
                 seed: int = 0) -> None:
        game = new_game(players, seed=seed, maps=list(maps[:players]), cards=list(cards))
        game.box = list(NEUTRAL_TILES)  # every neutral tile is at hand until finish()
        game.board = dict.fromkeys(game.board)
        game.start = [None] * players
        self.g = game
        self.started: set[int] = set()
        self.debt = Counter()

    # -- tiles ----------------------------------------------------------------------------

    def own(self, seat: int, colour: str) -> int:
        pile = self.g.piles[seat]
        for tile in pile:
            if TILES[tile].colour == colour:
                pile.remove(tile)
                return tile
        raise AssertionError(f"player {seat + 1} has no {colour} tile left in their pile")

    def neutral(self, colour: str) -> int:
        for tile in self.g.box:
            if TILES[tile].colour == colour:
                self.g.box.remove(tile)
                return tile
        raise AssertionError(f"no neutral {colour} tile left in the box")

    def burn(self, seat: int) -> None:
        """One of the player's own tiles leaves the pile (as if played around the board)."""
        pile = self.g.piles[seat]
        counts = Counter(TILES[t].colour for t in pile)
        colour = max(counts, key=lambda c: (counts[c], COLOURS.index(c)))
        self.g.discarded.append(self.own(seat, colour))

    def lay(self, seat: int, cell: int, colour: str, *, neutral: bool = False) -> int:
        assert self.g.grids[seat][cell] == EMPTY, f"cell {cell} is taken"
        if neutral:
            tile = self.neutral(colour)
            if seat in self.started:  # the first neutral tile is the starting tile; each
                self.debt[seat] += 1  # other one cost an own tile (burnt in finish())
            self.started.add(seat)
        else:
            tile = self.own(seat, colour)
        self.g.grids[seat][cell] = tile
        return tile

    def art(self, seat: int, *rows: str) -> Table:
        """Lay tiles from a drawing: G O B P own tiles, g o b p neutral ones, . empty."""
        for r, row in enumerate(rows):
            for c, ch in enumerate(row.replace(" ", "")):
                if ch != ".":
                    self.lay(seat, cell_of(r, c), LETTER[ch.upper()], neutral=ch.islower())
        return self

    # -- tokens, cards, aurora tiles ----------------------------------------------------------

    def kind(self, seat: int, a: int, b: int) -> str:
        grid = self.g.grids[seat]
        return ANIMAL if TILE_COLOUR[grid[a]] == TILE_COLOUR[grid[b]] else RIVER

    def token(self, seat: int, a: int, b: int) -> Table:
        grid = self.g.grids[seat]
        assert b in NEIGHBOURS[a] and grid[a] != EMPTY and grid[b] != EMPTY
        kind = self.kind(seat, a, b)
        assert edge_key(a, b) not in self.g.tokens[seat]
        self.g.tokens[seat][edge_key(a, b)] = kind
        self.g.supply[seat][0 if kind == ANIMAL else 1] -= 1
        assert min(self.g.supply[seat]) >= 0
        return self

    def spend(self, seat: int, animal: int = 0, river: int = 0) -> Table:
        """Place tokens of each kind on the first free borders between two tiles."""
        want = {ANIMAL: animal, RIVER: river}
        grid = self.g.grids[seat]
        for a in range(CELLS):
            for b in NEIGHBOURS[a]:
                if a < b and grid[a] != EMPTY and grid[b] != EMPTY \
                        and edge_key(a, b) not in self.g.tokens[seat]:
                    kind = self.kind(seat, a, b)
                    if want[kind]:
                        want[kind] -= 1
                        self.token(seat, a, b)
        assert not any(want.values()), f"not enough free borders for {want}"
        return self

    def fulfil(self, seat: int, card: str, count: int = 2) -> Table:
        self.g.fulfilled[seat].append(card)
        self.g.card_tokens[card][seat] += count
        self.g.supply[seat][0] -= count
        return self

    def symbol(self, seat: int, symbol: str, count: int = 2) -> Table:
        self.g.symbol_owner[symbol] = seat
        self.g.symbol_tokens[symbol] = count
        self.g.supply[seat][0] -= count
        return self

    def aurora(self, seat: int, aurora: str, *, used: bool = False) -> Table:
        self.g.aurora_holder[aurora] = seat
        self.g.aurora_used[aurora] = used
        return self

    def board(self, **slots: str) -> Table:
        """Put neutral tiles of these colours in these slots of the central board (the
        other slots get neutral tiles left over when the situation is finished)."""
        for slot, colour in slots.items():
            assert self.g.board[slot] is None, f"{slot} is already filled"
            self.g.board[slot] = self.neutral(colour)
        return self

    # -- the moment of the example --------------------------------------------------------

    def finish(self, *, active: int = 0, stage: str = "slide", hand: str | None = None,
               held: str | None = None, side: str = "north", turns: dict[int, int] | None
               = None, final_round: bool = False) -> Tulikko:
        """The game at ``active``'s decision in ``stage`` ("slide": ``hand`` is their
        revealed tile; "place": a neutral ``held`` tile came out of ``side``). ``turns``:
        at least this many turns played; every seat gets the turns the seat order needs
        (those before ``active`` one more), their own tiles gone round the board."""
        g = self.g
        g.stage, g.active, g.final_round = stage, active, final_round
        if stage == "slide":
            g.hand = self.own(active, hand) if hand else g.piles[active].pop()
        elif stage == "place":
            assert held is not None
            entry = OPPOSITE[side]
            slid = g.piles[active].pop()
            displaced = g.board[entry]
            g.board[entry] = slid
            if displaced is not None:
                (g.box if displaced in NEUTRAL_TILES else g.discarded).append(displaced)
            g.held, g.held_side = self.neutral(held), side
        for seat, owed in self.debt.items():
            for _ in range(owed):
                self.burn(seat)
        playing = [int(seat == active and stage != "over") for seat in range(g.players)]
        played = [TURNS - len(g.piles[seat]) - playing[seat] for seat in range(g.players)]
        for seat, n in (turns or {}).items():
            played[seat] = max(played[seat], n)
        # turns go round in seat order: the seats before the active one are one turn ahead
        ahead = [int(stage != "over" and seat < active) for seat in range(g.players)]
        base = max(n - a for n, a in zip(played, ahead))
        if stage == "over" and not final_round:
            base = TURNS
        for seat in range(g.players):  # turns played: own tiles gone round the board
            while TURNS - len(g.piles[seat]) - playing[seat] < base + ahead[seat]:
                self.burn(seat)
        for slot, tile in g.board.items():  # the rest of the board: left-over neutral tiles
            if tile is None:
                g.board[slot] = g.box.pop()
        for seat in range(g.players):
            g.turns[seat] = TURNS - len(g.piles[seat]) - playing[seat]
        if stage == "over":
            g.ended = ENDINGS[final_round]
        g.box.sort()
        return Tulikko.from_state(g._state())


def cells(*pairs: tuple[int, int]) -> list[int]:
    return [cell_of(r, c) for r, c in pairs]
