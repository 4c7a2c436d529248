"""The report: built from a store alone, every image present, loadable and not blank."""

from __future__ import annotations

import base64
import re
import shutil
import subprocess
import sys
from pathlib import Path

import matplotlib.image as mpimg
import numpy as np
import pytest
from fivefold.model.compounding import cumulative
from fivefold.model.design import ChangeInfo
from fivefold.model.store_reader import read_store
from fivefold.model.synthetic_store import engine_spec, write_result
from fivefold.reports.builder import ReportError, build_report, plan_stages

IMG_CHECK = """<script>
window.addEventListener('load', function () {
  var imgs = Array.from(document.images);
  var bad = imgs.filter(function (i) { return !(i.complete && i.naturalWidth > 0 && i.naturalHeight > 0); });
  var out = document.createElement('pre');
  out.id = 'imgcheck';
  out.textContent = 'IMGCHECK images=' + imgs.length + ' broken=' + bad.length;
  document.body.appendChild(out);
});
</script>"""


def chromium() -> str | None:
    return shutil.which("chromium") or shutil.which("chromium-browser")


def check_images_in_browser(html: Path, browser: str) -> tuple[int, int]:
    """Load the report in headless Chromium; return (images, broken) as the page saw them."""
    probe = html.with_name("imgcheck.html")
    probe.write_text(html.read_text().replace("</body>", IMG_CHECK + "</body>"))
    proc = subprocess.run([browser, "--headless", "--disable-gpu", "--no-sandbox", "--no-first-run",
                           "--virtual-time-budget=10000", "--dump-dom", probe.as_uri()],
                          check=False, capture_output=True, text=True, timeout=120)
    found = re.search(r"IMGCHECK images=(\d+) broken=(\d+)", proc.stdout)
    assert found, f"chromium did not run the check: {proc.returncode} {proc.stderr[-2000:]}"
    return int(found.group(1)), int(found.group(2))


def assert_images_sound(report_html: Path) -> int:
    """Every image the HTML inlines decodes to a non-blank PNG; every linked file exists."""
    text = report_html.read_text()
    inlined = re.findall(r'src="data:image/png;base64,([^"]+)"', text)
    assert inlined, "the report has no images"
    assert len(inlined) == len(re.findall(r"<img ", text))
    for data in inlined:
        raw = base64.b64decode(data)
        assert raw.startswith(b"\x89PNG") and len(raw) > 5000
    for name in re.findall(r'href="([^"]+\.(?:png|svg))"', text):
        path = report_html.parent / name
        assert path.is_file() and path.stat().st_size > 1000, name
    for png in report_html.parent.glob("*.png"):
        pixels = mpimg.imread(png)
        # A chart with nothing drawn is one flat colour; a real one has many.
        assert len(np.unique(pixels.reshape(-1, pixels.shape[-1]), axis=0)) > 20, png.name
    return len(inlined)


def browser_or_file_check(html: Path) -> None:
    count = assert_images_sound(html)
    browser = chromium()
    if browser:
        images, broken = check_images_in_browser(html, browser)
        assert images == count and broken == 0


def synthetic_two_stage_store(root: Path):
    """Stage 1: two changes of 1.3x overlapping to 1.6x; stage 2: one change of 1.2x."""
    times = {(): 1.0, ("a",): 1 / 1.3, ("b",): 1 / 1.3, ("a", "b"): 1 / 1.6, ("a", "b", "c"): 1 / 1.92,
             ("a", "b", "c", "d"): 1 / 1.92 / 1.2}
    stages = {(): 0, ("a",): 0, ("b",): 0, ("a", "b"): 1, ("a", "b", "c"): 1, ("a", "b", "c", "d"): 2}
    noise = [0.99, 1.0, 1.01, 1.005, 0.995]
    for subset, t in times.items():
        for bench, scale in (("nbody", 1.0), ("richards", 2.0)):
            spec = engine_spec("fivefold", stages[subset], with_=subset)
            write_result(root, engine=spec, kind="fivefold", stage=stages[subset], benchmark=bench,
                         changes=subset, values=[t * scale * x for x in noise])
        for metric, value in (("memory", 50e6), ("startup", 0.03)):
            write_result(root, engine=engine_spec("fivefold", stages[subset], with_=subset), kind="fivefold",
                         benchmark="startup" if metric == "startup" else "nbody", metric=metric,
                         changes=subset, values=[value * x for x in noise])
    return [ChangeInfo("a", 1, 0), ChangeInfo("b", 1, 1), ChangeInfo("c", 2, 0), ChangeInfo("d", 2, 1)]


def test_report_from_a_synthetic_two_stage_store(tmp_path):
    changes = synthetic_two_stage_store(tmp_path / "results")
    table = read_store(tmp_path / "results")
    plans = plan_stages(table, changes=changes)
    assert [c.stage for c, _ in plans] == [1, 2]
    report = build_report(table, plans, tmp_path / "out", n_boot=200, draws=2000, date="2026-01-02")
    assert report.folder == tmp_path / "out" / "2026-01-02-0123456789ab"
    s1, s2 = report.stages
    assert s1.compounding.geomean["projected"].value == pytest.approx(1.69)
    assert s1.compounding.geomean["measured"].value == pytest.approx(1.6)
    assert s1.verdict.verdict == "target met" and s1.verdict.development_owed == pytest.approx(300_000)
    assert s2.compounding.geomean["measured"].value == pytest.approx(1.44)
    assert s2.verdict.verdict == "inside the window, target missed"
    cum = cumulative([s.compounding for s in report.stages]).table
    assert cum["cumulative_measured"].iloc[-1].value == pytest.approx(1.6 * 1.44)
    md = report.markdown.read_text()
    assert "target met" in md and "inside the window, target missed" in md and "$300,000" in md
    for name in ("cumulative", "simulation", "waterfall-stage1", "projected-stage1", "benchmarks-stage2",
                 "limits-stage1"):
        assert (report.folder / f"{name}.png").stat().st_size > 0
        assert (report.folder / f"{name}.svg").stat().st_size > 0
    browser_or_file_check(report.html)


def test_report_without_any_stage_says_what_to_do(tmp_path):
    write_result(tmp_path, engine="cpython", benchmark="b", values=[1.0])
    with pytest.raises(ReportError, match="--baseline/--candidate"):
        plan_stages(read_store(tmp_path), changes=[])


def test_end_to_end_report_on_a_real_store(real_store, tmp_path):
    root, baseline, candidate = real_store
    out = tmp_path / "out"
    proc = subprocess.run([sys.executable, "-m", "fivefold", "report", "--results", str(root), "--out", str(out),
                           "--baseline", baseline, "--candidate", candidate, "--bootstrap", "300",
                           "--draws", "4000"], check=False, capture_output=True, text=True, timeout=300)
    assert proc.returncode == 0, proc.stderr
    print(proc.stdout)
    (folder,) = out.iterdir()
    assert folder.name.endswith("-e2e000000000")
    html = folder / "report.html"
    text = html.read_text()
    assert f"{baseline} -&gt; {candidate}" in text
    for bench in ("loops", "dicts"):
        assert bench in text
    browser_or_file_check(html)
    ev = subprocess.run([sys.executable, "-m", "fivefold", "contract", "evaluate", "--results", str(root),
                         "--baseline", baseline, "--candidate", candidate, "--bootstrap", "300"],
                        check=False, capture_output=True, text=True, timeout=300)
    assert ev.returncode == 0, ev.stderr
    print(ev.stdout)
    assert "delivered speed-up" in ev.stdout and "limit peak memory" in ev.stdout
    assert "limit start-up time" in ev.stdout and "n/a" not in ev.stdout


def test_cli_reports_a_missing_store_clearly(tmp_path):
    proc = subprocess.run([sys.executable, "-m", "fivefold", "report", "--results", str(tmp_path / "none")],
                          check=False, capture_output=True, text=True)
    assert proc.returncode == 1
    assert "does not exist" in proc.stderr


@pytest.mark.skipif(chromium() is None, reason="the browser check itself needs chromium")
def test_the_browser_check_sees_a_broken_image(tmp_path):
    page = tmp_path / "report.html"
    page.write_text('<html><body><img src="data:image/png;base64,AAAA"><img src="missing.png"></body></html>')
    assert check_images_in_browser(page, chromium()) == (2, 2)


def test_an_empty_chart_is_refused(tmp_path):
    import matplotlib.pyplot as plt
    from fivefold.reports.charts import save

    fig, ax = plt.subplots()
    ax.set_title("nothing here")
    with pytest.raises(ValueError, match="nothing drawn"):
        save(fig, tmp_path, "empty")
    assert not list(tmp_path.iterdir())


OVERFLOW_CHECK = """<script>
window.addEventListener('load', function () {
  var out = document.createElement('pre');
  out.id = 'overflow';
  out.textContent = 'OVERFLOW scroll=' + document.documentElement.scrollWidth + ' view=' + window.innerWidth;
  document.body.appendChild(out);
});
</script>"""


def store_with_cpython_and_long_ids(root: Path):
    """The two-stage store, CPython 3.11 and 3.13 beside it, and change ids long
    enough that a table listing them would run off the page."""
    long = [f"s1.a_change_with_a_rather_long_name_{i}" for i in range(12)]
    times = {"nbody": 1.0, "richards": 2.0}
    for bench, t in times.items():
        write_result(root, engine="cpython", benchmark=bench, values=[t * 1.1, t * 1.11, t * 1.09],
                     extra_metadata={"fivefold_python_version": "3.11.7", "fivefold_load": "3.5",
                                     "fivefold_version": "0.1.0", "fivefold_source": "0123456789ab"})
        write_result(root, engine="cpython:path=/opt/py313/bin/python3", kind="cpython", benchmark=bench,
                      values=[t * 1.0, t * 1.01, t * 0.99],
                      extra_metadata={"fivefold_python_version": "3.13.0", "fivefold_load": "4.0"})
        for subset, scale, stage in (((), 1.2, 0), (tuple(long), 0.75, 1)):
            write_result(root, engine=f"fivefold:stage={stage}", kind="fivefold", stage=stage,
                         benchmark=bench, changes=subset, values=[t * scale * x for x in (0.99, 1.0, 1.01)],
                         extra_metadata={"fivefold_version": "0.1.0", "fivefold_source": "0123456789ab"})
    return [ChangeInfo(c, 1, i) for i, c in enumerate(long)]


def test_report_reads_against_cpython_with_human_labels_and_no_invented_fleet(tmp_path):
    changes = store_with_cpython_and_long_ids(tmp_path / "results")
    table = read_store(tmp_path / "results")
    report = build_report(table, plan_stages(table, changes=changes), tmp_path / "out", n_boot=200,
                          draws=2000, date="2026-01-02")
    versus = report.versus
    assert versus.baseline_label == "CPython 3.11.7"
    head = versus.headline.set_index("engine")
    assert list(head.index) == ["CPython 3.13.0", "fivefold stage 0", "fivefold stage 1"]
    assert head.loc["CPython 3.13.0", "speed-up"].value == pytest.approx(1.1, rel=0.01)
    assert head.loc["fivefold stage 1", "speed-up"].value == pytest.approx(1.1 / 0.75, rel=0.01)
    html_text = report.html.read_text()
    md = report.markdown.read_text()
    for text in (html_text, md):
        assert "Against CPython 3.11.7" in text
        for raw in ("p_meet", "log_gain", "cumulative_measured", "expected_payment"):
            assert raw not in text
        # No fleet file: no fleet or savings figure at all.
        assert "servers no longer needed" not in text and "savings per year" not in text
        assert "How" in text and "3.5 to 4.0" in text and "0123456789ab" in text
    assert "not measured" in md.lower() and "start-up time" in md
    # The stage's engines by name, its changes in a list that wraps.
    assert "fivefold stage 0 (0 changes) -&gt; fivefold stage 1 (12 changes)" in html_text
    assert ", s1.a_change_with_a_rather_long_name_1," in html_text
    browser_or_file_check(report.html)


def test_fleet_figures_come_only_from_the_sponsors_file(tmp_path):
    from fivefold.model.simulation import load_fleet

    changes = synthetic_two_stage_store(tmp_path / "results")
    fleet_file = tmp_path / "fleet.toml"
    fleet_file.write_text("[fleet]\nservers = 200\ncost_per_server_year = 4000\npython_share = 0.8\n"
                          "source = 'ACME capacity plan 2026'\n")
    table = read_store(tmp_path / "results")
    report = build_report(table, plan_stages(table, changes=changes), tmp_path / "out", n_boot=100,
                          draws=1000, fleet=load_fleet(fleet_file), date="2026-01-03")
    text = report.html.read_text()
    assert "The sponsor&#x27;s fleet" in text or "The sponsor's fleet" in text
    assert "ACME capacity plan 2026" in text and "200 servers" in text
    fleet_file.write_text("[fleet]\nservers = 'many'\n")
    with pytest.raises(ValueError, match="fleet.servers must be a number"):
        load_fleet(fleet_file)


def test_assumed_gains_are_drawn_hatched_and_the_simulation_carries_the_verdict():
    import pandas as pd
    from fivefold.model.simulation import SimulationResult
    from fivefold.reports import charts

    seq = pd.DataFrame({"change": ["a", "b"], "log_gain": [0.1, 0.2], "gain": [1.105, 1.221],
                        "measured": [True, False]})
    fig = charts.waterfall_chart(seq, "t")
    bars = fig.axes[0].patches
    assert bars[0].get_hatch() is None and bars[1].get_hatch() == "//"
    assert "assumed (not measured)" in [t.get_text() for t in fig.axes[0].get_legend().get_texts()]
    stages = pd.DataFrame([{"stage": 1, "measured": True, "p_meet": 1.0},
                           {"stage": 2, "measured": False, "p_meet": 0.4}])
    sim = SimulationResult(stages, {}, np.array([1.2, 1.5, 1.8]), np.zeros(3), summary={"stages": 2})
    fig = charts.simulation_chart(sim, {1: "not decided: start-up time not measured"})
    ticks = [t.get_text() for t in fig.axes[1].get_xticklabels()]
    assert "verdict:\nnot decided" in ticks[0] and "assumed" in ticks[1]


@pytest.mark.skipif(chromium() is None, reason="needs chromium (apt-get install chromium)")
def test_report_in_a_real_browser_has_no_sideways_overflow(tmp_path):
    """Headless Chromium at a laptop's width: the page never scrolls sideways (long
    change lists wrap), and a screenshot of it is not blank."""
    changes = store_with_cpython_and_long_ids(tmp_path / "results")
    table = read_store(tmp_path / "results")
    report = build_report(table, plan_stages(table, changes=changes), tmp_path / "out", n_boot=100,
                          draws=1000, date="2026-01-04")
    probe = report.html.with_name("overflow.html")
    probe.write_text(report.html.read_text().replace("</body>", OVERFLOW_CHECK + "</body>"))
    common = [chromium(), "--headless", "--disable-gpu", "--no-sandbox", "--no-first-run", "--hide-scrollbars",
              "--window-size=1000,3000"]
    proc = subprocess.run([*common, "--virtual-time-budget=10000", "--dump-dom", probe.as_uri()],
                          check=False, capture_output=True, text=True, timeout=120)
    found = re.search(r"OVERFLOW scroll=(\d+) view=(\d+)", proc.stdout)
    assert found, proc.stderr[-2000:]
    assert int(found.group(1)) <= int(found.group(2))
    shot = tmp_path / "report.png"
    subprocess.run([*common, f"--screenshot={shot}", report.html.as_uri()], check=False,
                   capture_output=True, timeout=120)
    pixels = mpimg.imread(shot)
    assert pixels.shape[1] == 1000
    assert len(np.unique(pixels.reshape(-1, pixels.shape[-1]), axis=0)) > 50


def test_timeline_across_runs_uses_the_benchmarks_every_run_measured(tmp_path):
    from fivefold.model.store_reader import read_all

    root = tmp_path / "results"
    for commit, stamp, speed, benches in (("aaaaaaaaaaaa", "2026-01-01T00:00:00+00:00", 1.1, ("b1", "b2", "b3")),
                                          ("bbbbbbbbbbbb", "2026-01-02T00:00:00+00:00", 1.3, ("b1", "b2"))):
        for bench in benches:
            # b3, measured once, is 10x faster: were it used, the first point would jump.
            fast = 10.0 if bench == "b3" else 1.0
            write_result(root, engine="cpython", benchmark=bench, values=[1.0, 1.0], commit=commit,
                         timestamp=stamp, extra_metadata={"fivefold_python_version": "3.11.7"})
            write_result(root, engine="fivefold:stage=1", kind="fivefold", stage=1, changes=("a",),
                         benchmark=bench, values=[1 / speed / fast] * 2, commit=commit, timestamp=stamp)
    changes = [ChangeInfo("a", 1)]
    table = read_store(root)
    write_result(root, engine="fivefold:stage=0", kind="fivefold", stage=0, benchmark="b1", values=[1.0],
                 commit="bbbbbbbbbbbb", timestamp="2026-01-02T00:00:00+00:00")
    table = read_store(root)
    report = build_report(table, plan_stages(table, changes=changes), tmp_path / "out", n_boot=100, draws=500,
                          date="2026-01-05", history=read_all(root))
    assert "timeline" in report.images
    text = report.html.read_text()
    assert "Across runs" in text and "aaaaaaaaaaaa" in text
    from fivefold.model.versus import timeline

    runs = timeline(read_all(root), "time", "testhost-x86_64-00000000")
    stage1 = runs[runs["engine"] == "fivefold stage 1"]
    assert [e.value for e in stage1["speed-up"]] == pytest.approx([1.1, 1.3])
    assert set(stage1["benchmarks"]) == {2}


def test_a_stage_without_isolated_runs_has_no_empty_projection_columns(tmp_path):
    from fivefold.reports.documents import stage_tables

    changes = store_with_cpython_and_long_ids(tmp_path / "results")
    table = read_store(tmp_path / "results")
    report = build_report(table, plan_stages(table, changes=changes), tmp_path / "out", n_boot=50,
                          draws=500, date="2026-01-06")
    per = stage_tables(report.stages[0])["benchmarks"]
    assert "projected" not in per and "gap" not in per and "measured" in per
    assert "per-change configuration(s) not measured" in report.markdown.read_text()
