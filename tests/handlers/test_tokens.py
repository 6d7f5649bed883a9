"""/token add, edit, remove and condition."""

from __future__ import annotations

import pytest

from bot.context import Context
from bot.errors import IllegalMove, InvalidInput, NotAllowed
from bot.limits import MAX_TOKENS
from bot.storage import Store
from bot.user_ids import name_id
from tests.handlers.encounter_helpers import ask_json, person, refused, run, state, tokens


async def test_tokens_fill_the_first_free_squares_row_by_row(board: Context):
    first = await run(board, "/token add name:Ari")
    assert first.title == "Ari added at A1"
    await run(board, "/token add name:Bo", "/terrain set cells:C1 kind:pillar")
    ogre = await run(board, "/token add name:Ogre size:large")
    # A1, B1 taken, C1 a pillar: a 2×2 Ogre first fits with its corner at D1
    assert ogre.result["token"]["cells"] == ["D1", "E1", "D2", "E2"]
    assert (await tokens(board.store))["Bo"]["cell"] == "B1"


async def test_no_room_left_is_refused(gm: Context):
    await run(gm, "/encounter start width:2 height:2", "/token add name:Ogre size:large")
    await refused(gm, "/token add name:Ari", IllegalMove, "no room left on the map for Ari")
    # without at: a token lands alone, even a Tiny one
    await refused(gm, "/token add name:Rat size:tiny", IllegalMove, "no room left")


async def test_at_places_the_top_left_square(board: Context):
    reply = await run(board, "/token add name:Dragon size:huge at:h8")
    assert reply.result["token"]["cell"] == "H8"
    assert reply.result["token"]["cells"][-1] == "J10"
    assert "Huge, 3×3 squares" in reply.fields[0].value


@pytest.mark.parametrize(
    ("line", "error", "says"),
    [
        ("/token add name:X at:K1", InvalidInput, "K1 is off the map: it runs from A1 to J10"),
        ("/token add name:X at:Z99", InvalidInput, "off the map"),
        ("/token add name:X at:here", InvalidInput, "is not a square"),
        ("/token add name:X size:large at:J10", IllegalMove, "would reach K11, off the map"),
        ("/token add name:X at:E5", IllegalMove, "can't stand at E5: Ogre at E5"),
        ("/token add name:X size:large at:D4", IllegalMove, "can't stand at D4: Ogre at E5"),
        ("/token add name:X at:B2", IllegalMove, "can't stand on B2: it is wall"),
        ("/token add name:X at:C3", IllegalMove, "can't stand on C3: it is pit"),
        ("/token add name:X size:colossal", InvalidInput, "Accepted: tiny, small, medium"),
        ("/token add name:ogre", InvalidInput, 'already a token named "Ogre"'),
        ("/token add name:OGRE.", InvalidInput, "already a token"),
        ('/token add name:"Goblin, 1"', InvalidInput, "comma"),
        ("/token add name:" + "x" * 33, InvalidInput, "1 to 32 characters"),
        ("/token add name:---", InvalidInput, "no letters or digits"),
        ("/token add name:X team:pirates", InvalidInput, "Accepted: party, enemy, neutral"),
        ("/token add name:X fly:-5", InvalidInput, "fly"),
        ("/token add name:X reach:7", InvalidInput, "whole number of 5 ft squares"),
        ("/token add name:X body:wide", InvalidInput, "tall, long"),
        ("/token add name:X owner:<@&55>", InvalidInput, "a mention"),
        ("/token add name:X speed:fast", InvalidInput, "speed"),
    ],
)
async def test_placement_and_bad_options_are_refused_and_change_nothing(
    board: Context, line: str, error: type[Exception], says: str
):
    await run(
        board,
        "/token add name:Ogre size:large at:E5",
        "/terrain set cells:B2 kind:wall",
        "/terrain set cells:C3 kind:pit",
    )
    await refused(board, line, error, says)  # type: ignore[arg-type]


async def test_who_shares_a_square_is_the_rulesets_own_rule(gm: Context):
    """Placing a token asks what ending a /move there asks (SpaceRule.sharing_problem)."""
    # 5e-alt, 000 Moving Around Other Creatures › Separate Spaces: nobody shares
    await run(gm, "/encounter start width:6 height:6", "/token add name:Ogre size:large at:A1")
    await refused(gm, "/token add name:Rat size:tiny at:B2", IllegalMove, "Separate Spaces")
    await run(gm, "/encounter end confirm:true")
    # 3.5, 001: Tiny creatures share a square; a Medium one doesn't stand on them
    await run(gm, "/encounter start width:6 height:6 ruleset:3.5")
    await run(gm, "/token add name:Rat size:tiny at:B2", "/token add name:Mouse size:tiny at:B2")
    assert {t["cell"] for t in (await tokens(gm.store)).values()} == {"B2"}
    await refused(gm, "/token add name:Ari at:B2", IllegalMove, "SRD › Moving through a Square")
    await run(gm, "/encounter end confirm:true")
    # epic-path, 004 Squeezing and Space: allies squeeze into one space, four at most
    await run(gm, "/encounter start width:6 height:6 ruleset:epic-path")
    await run(gm, "/token add name:Ari at:B2 team:party", "/token add name:Bo at:B2 team:party")
    await refused(gm, "/token add name:Orc at:B2 team:enemy", IllegalMove, "Epic Path › Squeezing")
    for n in range(1, 3):
        await run(gm, f"/token add name:Rat{n} size:tiny at:C3")
    await run(gm, "/token add name:Rat3 size:tiny at:C3", "/token add name:Rat4 size:tiny at:C3")
    await refused(gm, "/token add name:Rat5 size:tiny at:C3", IllegalMove, "Epic Path › Space")


async def test_sizes_are_the_rulesets_own(gm: Context):
    """Issue 5 item 12: footprints from each ruleset's size table."""
    await run(gm, "/encounter start width:10 height:10 ruleset:3.5")
    colossal = await run(gm, "/token add name:Titan size:colossal")
    assert len(colossal.result["token"]["cells"]) == 36  # 3.5: Colossal 30 ft = 6×6
    await run(gm, "/encounter end confirm:true", "/encounter start ruleset:becmi")
    error = await refused(gm, "/token add name:Imp size:tiny", InvalidInput)
    assert "Accepted: small, medium, large, huge, gargantuan" in str(error)
    assert (await run(gm, "/token add name:Ogre size:L")).result["token"]["size"] == "large"


async def test_at_most_100_tokens(gm: Context):
    await run(gm, "/encounter start")
    for i in range(MAX_TOKENS):
        await run(gm, f"/token add name:T{i}")
    await refused(gm, "/token add name:One-more", IllegalMove, "100 tokens")


async def test_a_player_owns_what_they_add_and_the_gm_owns_the_rest(
    board: Context, player: Context
):
    mine = await run(player, "/token add name:Ari")
    assert (
        mine.result["token"]["owner"] == name_id("ari") and mine.result["token"]["team"] == "party"
    )
    theirs = await run(board, "/token add name:Goblin")
    assert theirs.result["token"]["owner"] is None and theirs.result["token"]["team"] == "enemy"
    given = await run(board, "/token add name:Bo owner:<@123456> team:party")
    assert given.result["token"]["owner"] == "123456"
    assert (await run(board, "/token add name:Cy owner:cy")).result["token"]["owner"] == name_id(
        "cy"
    )
    await refused(player, "/token add name:Dee owner:<@99>", NotAllowed, "only the GM")
    assert (await run(player, "/token add name:Eve owner:ari")).result["token"]["owner"] == name_id(
        "ari"
    )


async def test_a_token_the_gm_gives_a_player_is_on_the_partys_side(board: Context):
    """Issue 29: a GM's `/token add name:Aria owner:@alice` made a red enemy, with no
    opportunity attacks against the monsters; an owner who isn't a GM makes it the
    party's unless team: says otherwise, and the reply says why."""
    aria = await run(board, "/token add name:Aria owner:<@123456>")
    assert aria.result["token"]["team"] == "party"
    assert "party: a token with a player for its owner is the party's" in aria.as_text()
    foe = await run(board, "/token add name:Spy owner:<@123456> team:enemy")
    assert foe.result["token"]["team"] == "enemy"
    own = await run(board, f"/token add name:Ogre owner:{board.user_id}")
    assert own.result["token"]["team"] == "enemy"  # the GM's own monster
    assert "enemy: the GM's tokens are enemies" in own.as_text()


async def test_players_change_only_their_own_tokens(board: Context, player: Context, store: Store):
    bo = person(store, "bo")
    await run(player, "/token add name:Ari")
    await run(bo, "/token add name:Bo")
    await run(board, "/token add name:Goblin team:enemy")
    for line in (
        "/token edit token:Bo speed:40",
        "/token remove token:Bo",
        "/token condition token:Goblin add:prone",
        "/token edit token:Goblin team:party",
    ):
        await refused(player, line, NotAllowed, "Players change only their own tokens")
    await run(
        player, "/token edit token:Ari at:E5 team:neutral", "/token condition token:ari add:prone"
    )
    ari = (await tokens(store))["Ari"]
    assert ari["cell"] == "E5" and ari["team"] == "neutral" and ari["conditions"] == ["prone"]
    await refused(player, "/token edit token:Ari owner:<@5>", NotAllowed, "only the GM gives")
    # the GM changes anything
    await run(board, "/token edit token:Bo speed:40", "/token remove token:Ari")
    assert sorted(await tokens(store)) == ["Bo", "Goblin"]


async def test_the_starter_is_gm_without_manage_channels(store: Store, player: Context):
    sam = person(store, "sam")
    await run(sam, "/encounter start", "/token add name:Goblin")
    assert (await tokens(store))["Goblin"]["owner"] is None
    await refused(player, "/token remove token:Goblin", NotAllowed, "belongs to the GM")
    await run(person(store, "ops", gm=True), "/token edit token:Goblin team:enemy")


async def test_edit_changes_only_what_is_given(gm: Context):
    await run(gm, "/encounter start ruleset:3.5", "/token add name:Ari at:C3 fly:60 reach:10")
    reply = await run(gm, "/token edit token:ari swim:20 speed_bonus:+10 size:large")
    ari = (await tokens(gm.store))["Ari"]
    assert ari["speeds_ft"] == {"fly": 60, "swim": 20}  # fly kept, swim added
    assert ari["speed_bonus_ft"] == 10 and ari["reach_ft"] == 10
    assert ari["size"] == "large" and ari["cell"] == "C3"
    assert reply.result["summary"].startswith("edited Ari: ")
    assert "size Large" in reply.result["summary"]
    await run(gm, "/token edit token:Ari fly:0 reach_weapon:true body:long")
    ari = (await tokens(gm.store))["Ari"]
    assert (
        ari["speeds_ft"] == {"swim": 20} and ari["reach_weapon"] and ari["state"]["body"] == "long"
    )
    await refused(gm, "/token edit token:Ari", InvalidInput, "Nothing to change on Ari")
    await refused(gm, "/token edit token:Aria speed:30", InvalidInput, 'No token named "Aria"')


async def test_edit_checks_the_new_footprint(board: Context):
    await run(board, "/token add name:Ari at:A1", "/token add name:Bo at:B2")
    await refused(board, "/token edit token:Ari size:large", IllegalMove, "Bo at B2")
    await refused(board, "/token edit token:Ari at:B2", IllegalMove, "Bo at B2")
    await run(board, "/token edit token:Ari size:large at:C3")
    assert (await tokens(board.store))["Ari"]["cell"] == "C3"


async def test_rename_keeps_the_place_in_the_turn_order(board: Context):
    await run(board, "/token add name:Ari", "/token add name:Bo", '/turn order order:"Bo, Ari"')
    await refused(board, "/token edit token:Ari rename:BO", InvalidInput, "already a token")
    reply = await run(board, "/token edit token:Ari rename:Aria", "/turn show")
    assert reply.result["order"] == ["Bo", "Aria"]
    assert list(await tokens(board.store)) == ["Aria", "Bo"]  # kept its place


async def test_players_place_with_edit_only_before_a_turn_order(board: Context, player: Context):
    await run(player, "/token add name:Ari")
    await run(board, '/turn order order:"Ari"')
    await refused(player, "/token edit token:Ari at:D4", NotAllowed, "move Ari with /move")
    await run(board, "/token edit token:Ari at:D4")
    assert (await tokens(board.store))["Ari"]["cell"] == "D4"


async def test_removing_the_acting_token_passes_the_turn(board: Context):
    await run(board, "/token add name:Ari", "/token add name:Bo", "/token add name:Cy")
    await run(board, '/turn order order:"Ari, Bo, Cy"', "/turn next")
    reply = await run(board, "/token remove token:Bo")
    assert reply.result["acting"] == "Cy" and reply.result["round"] == 1
    assert reply.title == "Bo removed from the map"
    last = await run(board, "/token remove token:cy")
    assert last.result["acting"] == "Ari" and last.result["round"] == 2  # wrapped around


async def test_conditions_by_name_and_alias(board: Context, player: Context):
    await run(board, "/token add name:Ari owner:ari")
    reply = await run(player, '/token condition token:Ari add:"KO, grabbed"')
    # 5e-alt: falling Unconscious drops Prone too (000 Unconscious › Falling Unconscious)
    assert reply.result["token"]["conditions"] == ["grappled", "prone", "unconscious"]
    assert reply.title == "Ari: grappled, prone, unconscious"
    reply = await run(player, "/token condition token:Ari remove:unconscious add:prone")
    assert reply.result["token"]["conditions"] == ["grappled", "prone"]
    still = await run(player, "/token condition token:Ari remove:immobilized")
    assert still.result["changed"] is False  # grappled still includes it
    assert any("still immobilized" in f.value for f in still.fields)
    await refused(player, "/token condition token:Ari add:pronne", InvalidInput, "Did you mean")
    await refused(
        player, "/token condition token:Ari add:on_fire!", InvalidInput, "Accepted: prone"
    )
    # a condition the rules don't know is kept as a reminder, said to change nothing
    kept = await run(player, "/token condition token:Ari add:on-fire")
    assert "no movement effect" in next(f.value for f in kept.fields if f.name == "Reminder")
    await run(player, "/token condition token:Ari remove:on-fire")
    # "entangled" is no alias of restrained: 3.5's Entangled halves speed, it doesn't hold
    # a creature in place (docs/RULINGS.md, Every ruleset › Conditions by other names)
    tangled = await run(player, "/token condition token:Ari add:entangled")
    assert "restrained" not in tangled.result["token"]["conditions"]
    assert "no movement effect" in next(f.value for f in tangled.fields if f.name == "Reminder")
    await refused(player, "/token condition token:Ari", InvalidInput, "add:<condition>")
    await refused(
        player, "/token condition token:Ari add:prone remove:down", InvalidInput, "both added"
    )


async def test_a_token_added_during_a_turn_order_is_not_in_it(board: Context):
    await run(board, "/token add name:Ari", '/turn order order:"Ari"')
    reply = await run(board, "/token add name:Bo")
    assert any(f.name == "Turn order" and "not in the turn order" in f.value for f in reply.fields)


async def test_removing_changes_only_the_token(board: Context):
    await run(board, "/token add name:Ari")
    before = await state(board.store)
    await run(board, "/token add name:Bo", "/token remove token:bo")
    assert await state(board.store) == before


async def test_console_json(store: Store):
    await ask_json(store, "/encounter start width:5 height:5")
    code, data = await ask_json(store, "/token add name:Ari size:small at:B2 team:party")
    assert code == 0
    token = data["result"]["token"]
    assert (token["name"], token["cell"], token["size"], token["team"]) == (
        "Ari",
        "B2",
        "small",
        "party",
    )
    assert token["owner"] is None  # the console acts as the GM
    code, data = await ask_json(store, "/token add name:ari")
    assert code != 0 and "already a token" in data["error"]


async def test_typed_speed_bonuses_on_a_token(gm: Context) -> None:
    """001 Bonuses to Speed, through /token edit bonuses:."""
    await run(gm, "/encounter start width:8 height:8 ruleset:3.5", "/token add name:Ari race:human")
    reply = await run(gm, '/token edit token:Ari bonuses:"enhancement +10, enhancement +20"')
    assert any("don't stack" in f.value for f in reply.fields)
    stored = await tokens(gm.store)
    assert stored["Ari"]["speed_bonuses_ft"] == {"enhancement": 20}


async def test_000_falling_while_climbing_or_flying(gm: Context) -> None:
    """000 Climb › Falling While Climbing, Fly › Falling While Flying, with Continuity
    of Movement: a creature counts as moving as it last moved."""
    await run(
        gm,
        "/encounter start width:8 height:8 ruleset:5e-alt",
        "/token add name:Spider at:A1",
        "/token add name:Bat at:H8 fly:40",
        "/token add name:Owl at:H1 fly:40 hover:true",
        "/move token:Spider to:A3 mode:climb",
        "/move token:Bat to:G7 mode:fly",
        "/move token:Owl to:G2 mode:fly",
    )
    shown = await run(gm, "/encounter show")
    assert "climbing" in str(shown.fields)
    fell = await run(gm, "/token condition token:Spider add:prone")
    assert any(f.name == "Falls" and "Falling While Climbing" in f.value for f in fell.fields)
    bat = await run(gm, "/token condition token:Bat add:stunned")
    assert any(f.name == "Falls" for f in bat.fields)
    # Hover: immune to Prone while flying (000 Fly › Hovering), so nothing changes
    await refused(gm, "/token condition token:Owl add:prone", IllegalMove, "Hovering")
    owl = await run(gm, "/token condition token:Owl add:incapacitated")
    assert not any(f.name == "Falls" for f in owl.fields)  # Hover: no falling


async def test_000_continuity_of_movement_follows_the_terrain(gm: Context) -> None:
    """000 Swim ("you automatically Swim if you are immersed in liquid"; Prone Immunity)
    and Walk (no walking a slope of 45 degrees or more): a plain /move into deep water
    leaves the token swimming, onto a slope climbing; a swimmer can't be made prone and
    a climber made prone falls (Falling While Climbing)."""
    await run(
        gm,
        "/encounter start width:8 height:3 ruleset:5e-alt",
        "/terrain set cells:C1:D3 kind:water",
        "/terrain set cells:F1:G3 kind:slope",
        "/token add name:Sam at:A2",
        "/token add name:Cat at:H2",
        "/move token:Sam to:D2",
        "/move token:Cat to:G2",
    )
    listed = await tokens(gm.store)
    assert listed["Sam"]["state"]["last_mode"] == "swim"
    assert listed["Cat"]["state"]["last_mode"] == "climb"
    await refused(gm, "/token condition token:Sam add:prone", IllegalMove, "Prone Immunity")
    fell = await run(gm, "/token condition token:Cat add:prone")
    assert any(f.name == "Falls" and "Falling While Climbing" in f.value for f in fell.fields)


# ------------------------------------------------- issue 12: what a newcomer reads


async def test_the_gms_tokens_are_enemies_and_the_reply_says_so(gm: Context) -> None:
    """A party added by the GM without team: used to be neutral and provoke nothing;
    the GM's tokens are enemies by default (players' the party's), and the reply says
    which team a token got when none was given."""
    await run(gm, "/encounter start")
    goblin = await run(gm, "/token add name:Goblin")
    assert goblin.result["token"]["team"] == "enemy"
    team = next(f.value for f in goblin.fields if f.name == "Team")
    assert team.startswith("enemy") and "team:" in team
    given = await run(gm, "/token add name:Ari team:party")
    assert not any(f.name == "Team" for f in given.fields)


@pytest.mark.parametrize(
    ("typed", "team"),
    [
        ("monster", "enemy"),
        ("foe", "enemy"),
        ("pc", "party"),
        ("ally", "party"),
        ("npc", "neutral"),
    ],
)
async def test_team_accepts_the_words_tables_use(gm: Context, typed: str, team: str) -> None:
    await run(gm, "/encounter start")
    reply = await run(gm, f"/token add name:Ari team:{typed}")
    assert reply.result["token"]["team"] == team


async def test_5e_alt_speed_shows_one_line_and_the_steps_on_request(gm: Context) -> None:
    """000 Updating A Creature's Movement: the derivation was a 480-character wall on
    every /token add; now one line when the single Speed changes something, nothing
    when it doesn't, and the steps with explain:true."""
    await run(gm, "/encounter start")
    plain = await run(gm, "/token add name:Bo speed:30")
    assert not any(f.name == "Speed" for f in plain.fields)
    drake = await run(gm, '/token add name:Drake speed:"40 ft., fly 80 ft., swim 40 ft."')
    line = next(f.value for f in drake.fields if f.name == "Speed")
    assert len(line) < 220 and "80 ft, from its fly speed" in line and "Half Speed" in line
    assert "Step 1" in drake.result["notes"][0]["detail"]
    asked = await run(gm, "/token edit token:Drake explain:true")
    assert "Step 1 · Set Speed" in next(f.value for f in asked.fields if f.name == "Speed")
    assert asked.result.get("changed") is None  # asking changes nothing
    assert (await tokens(gm.store))["Drake"]["speed_ft"] == 40
