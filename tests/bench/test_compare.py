"""The bench's own code paths, cheaply: the before/after table and its merge of
rounds, the interleaving of ``python -m bench.compare``, ``--section`` parsing, the
figures per core, and --quick's RSS count. No timing is measured or asserted."""

from __future__ import annotations

import asyncio
from pathlib import Path
from typing import Any

import pytest

from bench import SECTIONS, board_message, cluster, compare, cpu, process, report, run
from bench.compare_table import merge, table


def fake_report(scale: float, *, load: float = 1.0, rss_held: int = 1000) -> dict[str, Any]:
    """A suite's JSON with every figure the table reads, each ``scale`` times a base."""

    def lat(p50: float) -> dict[str, float]:
        return {"p50": p50 * scale, "p95": 2 * p50 * scale, "n": 10, "p25": 1, "p75": 2}

    return {
        "move_ms": {size: lat(10.0 + i) for i, size in enumerate(("20", "30", "50", "100", "200"))},
        "bands_ms": {"30ft": lat(1.0), "60ft": lat(4.0)},
        "bands_ms_same_board": {"30ft": lat(0.5), "60ft": lat(2.0)},
        "path_ratio_vs_pathfinding_200": {"open": 0.3 * scale, "random": scale, "maze": 1.5},
        "render": {"30": {"render_ms": 8.0 * scale, "ratio": 3.0 * scale, "png_kb": 32.9}},
        "render_over_encode_floor": {"30": 3.0 * scale},
        "png_kb_30": 32.9,
        "board_message": {"after_move_ms": lat(2.0), "after_move_cpu_ms_p50": 2.2 * scale},
        "moves_per_s_40_channels": 40.0 / scale,
        "lost_updates": 0,
        "loop_lag_ms_p95": 10.0,
        "cpu_ms_per_move": 20.0 * scale,
        "moves_per_s_per_core": 50.0 / scale,
        "cold_start_s": 0.3 * scale,
        "rss_encounters": rss_held,
        "rss_mb_1000_encounters": 200.0,
        "load": {k: load for k in ("move_ms", "bands_ms", "path_200", "render", "throughput")}
        | {"process": load},
    }


def rows(markdown: str) -> dict[str, list[str]]:
    """The table's rows by title: [before, after, after/before, load]."""
    out = {}
    for line in markdown.splitlines()[2:]:
        cells = [c.strip() for c in line.strip("|").split("|")]
        out[cells[0]] = cells[1:]
    return out


def test_the_table_has_both_figures_their_ratio_and_each_load() -> None:
    markdown = table(fake_report(1.0, load=2.5), fake_report(0.5, load=1.25), ("old", "new"))
    assert markdown.splitlines()[0] == "| | old | new | after/before | load (before / after) |"
    got = rows(markdown)
    assert got["/move p50 (p95), ms: 20²"] == ["10.0 (20.0)", "5.0 (10.0)", "0.50×", "2.5 / 1.2"]
    assert got["200²"][:3] == ["14.0 (28.0)", "7.0 (14.0)", "0.50×"]
    bands = got["reach band, 30 ft / 60 ft, ms (a new board, as after a move)"]
    assert bands[:3] == ["1.00 / 4.00", "0.50 / 2.00", "0.50× / 0.50×"]
    search = got["200² search vs `pathfinding` A*: open / random / maze"]
    assert search[:3] == ["0.30× / 1.00× / 1.50×", "0.15× / 0.50× / 1.50×", "0.50× / 0.50× / 1.00×"]
    assert got["render + encode over the encode floor, 30² (KB)"][:2] == [
        "3.0× (32.9)",
        "1.5× (32.9)",
    ]
    assert got["the board message's render after a /move, 30², ms (CPU)"][:3] == [
        "2.00 / 2.20",
        "1.00 / 1.10",
        "0.50× / 0.50×",
    ]
    busy = got["moves/s, 40 channels at 30² (lost updates; loop lag p95)"]
    assert busy[:3] == ["40.0 (0; 10 ms)", "80.0 (0; 10 ms)", "2.00×"]
    assert got["CPU per move in that run, ms (moves/s per core)"][:2] == [
        "20.00 (50/s)",
        "10.00 (100/s)",
    ]
    assert got["cold start, s"][:3] == ["0.30", "0.15", "0.50×"]
    assert got["RSS with 1,000 encounters, MB"][:3] == ["200", "200", "1.00×"]


def test_a_figure_missing_on_one_side_is_a_dash_and_a_section_run_by_neither_is_left_out() -> None:
    old = fake_report(1.0, rss_held=100)
    for key in ("cpu_ms_per_move", "moves_per_s_per_core"):
        del old[key]  # an old bench's figures, or a section that failed on the old side
    new = fake_report(1.0, rss_held=100)
    for side in (old, new):
        for key in ("cold_start_s", "rss_mb_1000_encounters", "rss_encounters"):
            del side[key]
    got = rows(table(old, new))
    assert got["CPU per move in that run, ms (moves/s per core)"][:3] == [
        "—",
        "20.00 (50/s)",
        "—",
    ]
    assert "cold start, s" not in got
    assert not any(title.startswith("RSS") for title in got)


def test_the_rss_row_says_how_many_encounters_were_held() -> None:
    got = rows(table(fake_report(1.0, rss_held=100), fake_report(1.0, rss_held=100)))
    assert "RSS with 100 encounters, MB" in got


def test_rounds_merge_to_the_median_of_each_figure() -> None:
    rounds = [
        {"a": {"p50": 1.0, "p25_p75": [1, 2]}, "label": "x", "only_once": 7},
        {"a": {"p50": 3.0, "p25_p75": [3, 4]}, "label": "y"},
        {"a": {"p50": 2.5, "p25_p75": [2, 3]}, "label": "z", "flag": True},
    ]
    assert merge(rounds) == {
        "a": {"p50": 2.5, "p25_p75": [2, 3]},
        "label": "x",
        "only_once": 7,
        "flag": True,
    }
    assert merge([{}, None]) == {}


def test_the_sides_take_turns_going_first_section_by_section_and_round_by_round() -> None:
    plan = compare.order(["move", "bands", "path"], 2)
    assert [(r, s) for r, s, _ in plan] == [
        (0, "move"),
        (0, "bands"),
        (0, "path"),
        (1, "move"),
        (1, "bands"),
        (1, "path"),
    ]
    firsts = [first[0] for _, _, first in plan]
    assert firsts == ["old", "new", "old", "new", "old", "new"]
    for section in ("move", "bands", "path"):  # each section goes first once per side
        assert sorted(f[0] for _, s, f in plan if s == section) == ["new", "old"]
    assert all(sorted(first) == ["new", "old"] for _, _, first in plan)


def checkout(root: Path, name: str) -> Path:
    (root / name / "bot").mkdir(parents=True)
    (root / name / "bench").mkdir()
    (root / name / "bench" / "report.py").write_text("")
    return root / name


def test_compare_runs_each_section_on_both_sides_interleaved_and_records_failures(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    old, new = checkout(tmp_path, "old"), checkout(tmp_path, "new")
    runs: list[tuple[str, str]] = []

    def fake_run(where: Path, shim: Path, section: str, out: Path, quick: bool) -> dict[str, Any]:
        assert (shim / "bench").resolve() == new / "bench"  # the new bench measures both
        assert quick
        side = "old" if where == old else "new"
        runs.append((side, section))
        if side == "old" and section == "render":
            return {"error": "ImportError: no bot.render.layout", "exit": 1}
        figure = {"old": 10.0, "new": 5.0}[side] + len(runs) / 100
        return {"move_ms": {"20": {"p50": figure, "p95": figure}}, "load": {section: 1.0}}

    monkeypatch.setattr(compare, "run_one", fake_run)
    result = compare.compare({"old": old, "new": new}, ["move", "render"], 2, True)
    assert runs == [
        ("old", "move"),
        ("new", "move"),
        ("new", "render"),
        ("old", "render"),
        ("new", "move"),
        ("old", "move"),
        ("old", "render"),
        ("new", "render"),
    ]
    assert [(e["side"], e["section"], e["round"]) for e in result["errors"]] == [
        ("old", "render", 1),
        ("old", "render", 2),
    ]
    # the old side's /move 20² over its two rounds: 10.01 and 10.06, the median between
    assert result["old"]["figures"]["move_ms"]["20"]["p50"] == pytest.approx(10.035)
    assert result["new"]["figures"]["load"] == {"move": 1.0, "render": 1.0}
    assert result["old"]["figures"]["load"] == {"move": 1.0}


def test_compare_refuses_what_is_not_a_checkout(tmp_path: Path) -> None:
    new = checkout(tmp_path, "new")
    with pytest.raises(SystemExit):
        compare.parse_args([str(tmp_path / "nowhere"), str(new)])
    with pytest.raises(SystemExit):
        compare.parse_args([str(new), str(new), "--rounds", "0"])
    args = compare.parse_args([str(new), str(new), "--section", "process", "--section", "move"])
    assert args.sections == ["move", "process"]  # the suite's order


def test_section_parsing_keeps_the_suites_order_and_writes_no_file_unless_told() -> None:
    args = report.parse_args(["--section", "bands", "--section", "move", "--quick"])
    assert args.sections == ["move", "bands"]
    assert args.out is None
    assert report.parse_args(["--section", "path", "--out", "x.json"]).out == Path("x.json")
    whole = report.parse_args([])
    assert whole.sections == list(SECTIONS)
    assert whole.out == run.ROOT / "results" / "latest.json"
    with pytest.raises(SystemExit):
        report.parse_args(["--section", "everything"])


def test_quick_holds_100_encounters_and_says_so(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    held: list[int] = []
    cached: list[bool] = []

    def cold_start(reps: int, runs: list[float], *, bytecode: bool = False) -> float:
        cached.append(bytecode)
        runs.append(0.1 if bytecode else 0.2)
        return 0.1 if bytecode else 0.2

    monkeypatch.setattr(report, "cold_start", cold_start)
    monkeypatch.setattr(report, "rss_1000", lambda n: held.append(n) or 80.0)
    figures: dict[str, Any] = {}
    report._process(figures, report._Sections(figures), quick=True)
    assert held == [100]
    assert figures["rss_encounters"] == 100
    assert cached == [False, True]
    assert (figures["cold_start_s"], figures["cold_start_bytecode_s"]) == (0.2, 0.1)
    out = capsys.readouterr().out
    assert "RSS 80.0 MB with 100 encounters" in out
    assert "cold start with bytecode cached 0.1 s" in out


def test_the_rss_child_is_a_fresh_process_running_this_bench_on_the_measured_code() -> None:
    path = process.child_env()["PYTHONPATH"].split(":")
    assert path[0] == str(Path(process.__file__).absolute().parents[1])
    assert str(process.CODE_ROOT) in path
    assert (process.CODE_ROOT / "bot" / "__init__.py").is_file()


def test_figures_per_core(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(cpu, "cores", lambda: 2)
    got = cpu.per_core(moves=100, wall_s=2.0, cpu_s=1.5)
    assert got["cpu_ms_per_move"] == 15.0
    assert got["moves_per_s_per_core"] == 66.7
    assert got["moves_per_s_per_process"] == 50.0
    assert got["cores_busy"] == 0.75
    assert got["target_moves_per_s_per_core"] == 150.0
    assert got["target_cpu_ms_per_move_one_process"] == 3.33
    assert got["target_cpu_ms_per_move_all_cores"] == 6.67


def test_cluster_scaling_per_process_count_and_per_core() -> None:
    rows = {p: {"moves_per_s": mps, "load": 1.0} for p, mps in ((1, 50.0), (2, 90.0), (4, 88.0))}
    got = cluster.scaling(rows, host_cores=2)
    assert got["2"]["speedup_vs_1_process"] == 1.8
    assert got["2"]["moves_per_s_per_core"] == 45.0
    assert got["2"]["speedup_per_core"] == 0.9
    assert got["4"]["cores_usable"] == 2
    assert got["4"]["moves_per_s_per_process"] == 22.0
    target = cluster._target(got["2"], 2)
    assert target["needed_moves_per_s_per_core"] == 150.0
    assert target["short_by"] == round(300 / 90, 2)


def test_the_board_message_is_rendered_after_each_move_and_again() -> None:
    figures = asyncio.run(board_message.measure(2))
    assert figures["side"] == 30
    assert figures["after_move_ms"]["n"] == 2 and figures["again_ms"]["n"] == 2
    assert figures["after_move_cpu_ms_p50"] > 0
