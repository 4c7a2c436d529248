"""The report's two documents: a self-contained HTML page and a Markdown summary.

Plain string building rather than a template engine: the pages are short and
every table comes from pandas (``to_html`` escapes cell text; ``to_markdown``
needs the tabulate package).
"""

from __future__ import annotations

import base64
import html

import pandas as pd
from fivefold.model.stats import Estimate

STYLE = """
body { font-family: sans-serif; max-width: 1100px; margin: 2em auto; color: #222; }
table { border-collapse: collapse; margin: 0.5em 0 1.5em; font-size: 0.9em; }
th, td { border: 1px solid #ccc; padding: 3px 8px; text-align: right; }
th { background: #f0f0f0; }
img { max-width: 100%; border: 1px solid #eee; margin: 0.5em 0; }
.verdict { font-size: 1.2em; font-weight: bold; }
.note { color: #666; font-size: 0.9em; }
"""


def _fmt(value) -> str:
    if isinstance(value, Estimate):
        return f"{value:.3f}"
    if value is None or (isinstance(value, float) and pd.isna(value)):
        return "-"
    if isinstance(value, float):
        return f"{value:.4g}"
    return str(value)


def _shown(frame: pd.DataFrame) -> pd.DataFrame:
    return frame.apply(lambda col: col.map(_fmt))


def _money(x: float) -> str:
    return f"${x:,.0f}"


def stage_tables(stage) -> dict[str, pd.DataFrame]:
    """The tables of one stage, ready to print."""
    per = stage.compounding.per_benchmark[["suite", "benchmark", "weight", "projected", "measured", "gap"]]
    verdict = stage.verdict
    c = stage.contract
    headline = pd.DataFrame([{
        "stage": c.stage, "compared": f"{stage.design.baseline} -> {stage.design.candidate}",
        "delivered (95% CI)": verdict.delivered, "decided on": f"{verdict.decision_value:.3f}x "
        f"({'lower bound' if c.decide_on == 'lower_bound' else 'point'})",
        "target": f"{c.target:g}x", "verdict": verdict.verdict,
        "development owed": _money(verdict.development_owed),
        "maintenance committed": _money(verdict.maintenance_committed)}])
    limits = pd.DataFrame([{"limit": ch.name, "delivered / baseline": ch.ratio, "allowed": f"{ch.limit:g}x",
                            "result": "passed" if ch.passed else "BROKEN", "note": ch.note}
                           for ch in verdict.limits], columns=["limit", "delivered / baseline", "allowed",
                                                               "result", "note"])
    tables = {"headline": headline, "suites": verdict.suites, "benchmarks": per, "limits": limits}
    for att in stage.attribution.values():
        t = att.table[["change", "gain", "log_gain", "error", "measured"]].astype(object)
        t.loc[len(t)] = ["sum (log)", float(pd.Series(att.table["gain"]).prod()),
                         float(att.table["log_gain"].sum()), None, None]
        tables[f"attribution: {att.method}"] = t
    return tables


def cumulative_table(cum) -> pd.DataFrame:
    return cum.table.drop(columns=[c for c in ("projected",) if c in cum.table])


def simulation_tables(sim) -> dict[str, pd.DataFrame]:
    st = sim.stages.copy()
    st["expected_payment"] = st["expected_payment"].map(_money)
    st["expected_development"] = st["expected_development"].map(_money)
    s = sim.summary
    rows = [("total speed-up after all stages, median [5%, 95%]",
             f"{s['total_median']:.2f}x [{s['total_p05']:.2f}, {s['total_p95']:.2f}]"),
            ("probability the total reaches the plan (1.5^n)", f"{s['p_total_reaches_plan']:.1%}"),
            ("expected payment to the contractor (development)", _money(s["expected_development"])),
            ("expected sponsor outlay (development + maintenance)", _money(s["expected_payment"])),
            ("sponsor's cost per percentage point of speed-up", _money(s["cost_per_point"]))]
    if sim.fleet is not None:
        f = sim.fleet
        rows += [("fleet", (f"{f.servers:g} servers, {_money(f.cost_per_server_year)} per server-year, "
                           f"{f.python_share:.0%} of CPU time in Python")),
                 ("expected servers no longer needed", f"{s['expected_servers_saved']:.0f}"),
                 ("expected savings per year", _money(s["expected_yearly_savings"]))]
    return {"stages": st, "summary": pd.DataFrame(rows, columns=["quantity", "value"])}


def _img(paths, alt: str) -> str:
    data = base64.b64encode(paths["png"].read_bytes()).decode("ascii")
    return (f'<figure><img alt="{html.escape(alt)}" src="data:image/png;base64,{data}">'
            f'<figcaption class="note">{html.escape(alt)} (<a href="{paths["svg"].name}">SVG</a>, '
            f'<a href="{paths["png"].name}">PNG</a>)</figcaption></figure>')


def _html_table(frame: pd.DataFrame) -> str:
    return _shown(frame).to_html(index=False, border=0)


def render_html(ctx) -> str:
    images = ctx["images"]
    parts = [(f"<!DOCTYPE html><html lang='en'><head><meta charset='utf-8'>"
             f"<title>fivefold funding report {html.escape(ctx['date'])} {html.escape(ctx['commit'])}</title>"
             f"<style>{STYLE}</style></head><body>"),
             "<h1>fivefold funding report</h1>",
             (f"<p class='note'>commit {html.escape(ctx['commit'])}, machine {html.escape(ctx['machine'])}, "
             f"made {html.escape(ctx['date'])} from the results store alone.</p>"),
             "<h2>Compounded speed-up per stage</h2>", _img(images["cumulative"], "cumulative speed-up"),
             _html_table(cumulative_table(ctx["cumulative"]))]
    for stage in ctx["stages"]:
        n = stage.contract.stage
        tables = stage_tables(stage)
        parts += [f"<h2>{html.escape(stage.contract.name or stage.design.name)}: {html.escape(stage.design.name)}</h2>",
                  f"<p class='verdict'>{html.escape(stage.verdict.verdict)}</p>",
                  _html_table(tables["headline"]), "<h3>Suites</h3>", _html_table(tables["suites"])]
        if f"waterfall-{n}" in images:
            parts += ["<h3>Gains per change (merge order)</h3>", _img(images[f"waterfall-{n}"], "waterfall")]
        if f"projected-{n}" in images:
            parts += ["<h3>Projected against measured</h3>", _img(images[f"projected-{n}"], "projected vs measured")]
        parts += ["<h3>Per benchmark</h3>", _img(images[f"benchmarks-{n}"], "speed-up per benchmark"),
                  _html_table(tables["benchmarks"]), "<h3>Memory, start-up and named benchmarks</h3>"]
        if f"limits-{n}" in images:
            parts.append(_img(images[f"limits-{n}"], "non-regression limits"))
        parts.append(_html_table(tables["limits"]))
        parts.append("<h3>Attribution</h3>")
        if stage.attribution_note:
            parts.append(f"<p class='note'>{html.escape(stage.attribution_note)}</p>")
        for name, table in tables.items():
            if name.startswith("attribution: "):
                parts += [f"<h4>{html.escape(name[13:])}</h4>", _html_table(table)]
    sim = simulation_tables(ctx["simulation"])
    parts += ["<h2>Simulation</h2>",
              "<p class='note'>Monte Carlo over each change's measured gain distribution; stages not measured "
              "yet use the contract's assumed gain. Limits are assumed kept."
              + (" Fleet figures are an example: pass your own with --servers, --server-cost and "
                 "--python-share." if ctx["example_fleet"] else "") + "</p>",
              _img(images["simulation"], "simulation"), _html_table(sim["stages"]), _html_table(sim["summary"]),
              "</body></html>"]
    return "\n".join(parts)


def _md_table(frame: pd.DataFrame) -> str:
    return _shown(frame).to_markdown(index=False)


def render_markdown(ctx) -> str:
    images = ctx["images"]
    lines = [f"## fivefold funding report ({ctx['date']}, commit {ctx['commit']})", "",
             f"Machine `{ctx['machine']}`; full report: `report.html` beside this file.", "",
             "### Compounded speed-up", "", _md_table(cumulative_table(ctx["cumulative"])), "",
             f"![cumulative speed-up]({images['cumulative']['png'].name})", ""]
    for stage in ctx["stages"]:
        tables = stage_tables(stage)
        lines += [f"### {stage.contract.name or stage.design.name}: {stage.design.name}", "",
                  f"**Verdict: {stage.verdict.verdict}**", "", _md_table(tables["headline"]), "",
                  "Limits:", "", _md_table(tables["limits"]), ""]
        if "shapley" in stage.attribution:
            lines += ["Shapley attribution:", "", _md_table(tables[f"attribution: {stage.attribution['shapley'].method}"]), ""]
    sim = simulation_tables(ctx["simulation"])
    lines += ["### Simulation", "", _md_table(sim["summary"]), ""]
    return "\n".join(lines)
