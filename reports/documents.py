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
from fivefold.reports import charts

STYLE = """
body { font-family: sans-serif; max-width: 1100px; margin: 2em auto; padding: 0 1em; color: #222; }
.table { max-width: 100%; overflow-x: auto; }
table { border-collapse: collapse; margin: 0.5em 0 1.5em; font-size: 0.9em; max-width: 100%; }
th, td { border: 1px solid #ccc; padding: 3px 8px; text-align: right; vertical-align: top;
         overflow-wrap: break-word; }
td:first-child, th:first-child { text-align: left; }
th { background: #f0f0f0; }
img { max-width: 100%; border: 1px solid #eee; margin: 0.5em 0; }
.verdict { font-size: 1.2em; font-weight: bold; }
.note { color: #555; font-size: 0.9em; overflow-wrap: anywhere; }
.missing { background: #fff6e0; border-left: 4px solid #e0a000; padding: 0.3em 1em; }
"""

# Column names as a reader says them (the model's names are for code).
LABELS = {
    "stage": "stage", "name": "stage name", "measured": "measured", "plan": "plan (1.5^n)",
    "cumulative_measured": "cumulative speed-up (measured, 95% interval)",
    "projected": "projected (product of each change's gain)",
    "cumulative_projected": "cumulative (projected)",
    "suite": "suite", "weight": "weight", "speedup": "speed-up (95% interval)", "benchmarks": "benchmarks",
    "benchmark": "benchmark", "gap": "interaction (measured / projected - 1)",
    "change": "change", "gain": "gain (x)", "share": "share of the stage's speed-up",
    "error": "error (95%, log)",
    "p_meet": "chance of reaching the target", "p_accept": "chance of being paid (in the window)",
    "median": "median speed-up", "p05": "5th percentile", "p95": "95th percentile",
    "expected_development": "expected development payment",
    "expected_payment": "expected payment with maintenance",
}


def _fmt(value) -> str:
    if isinstance(value, Estimate):
        return f"{value:.3f}"
    if value is None or (isinstance(value, float) and pd.isna(value)):
        return "-"
    if isinstance(value, bool):
        return "yes" if value else "no"
    if isinstance(value, float):
        return f"{value:.4g}"
    return str(value)


def _shown(frame: pd.DataFrame) -> pd.DataFrame:
    shown = frame.apply(lambda col: col.map(_fmt)) if len(frame) else frame.astype(object)
    return shown.rename(columns=lambda c: LABELS.get(c, c))


def _money(x: float) -> str:
    return f"${x:,.0f}"


def compared(stage) -> str:
    """The two engines a stage compares, as a reader names them."""
    return f"{stage.design.baseline_name} -> {stage.design.candidate_name}"


def stage_tables(stage) -> dict[str, pd.DataFrame]:
    """The tables of one stage, ready to print."""
    per = stage.compounding.per_benchmark[["suite", "benchmark", "weight", "projected", "measured", "gap"]]
    # Without each change's isolated run there is no projection: no column of dashes.
    per = per.drop(columns=[c for c in ("projected", "gap") if per[c].isna().all()])
    verdict = stage.verdict
    c = stage.contract
    headline = pd.DataFrame([{
        "stage": c.stage, "compared": compared(stage),
        "delivered (95% interval)": verdict.delivered, "decided on": f"{verdict.decision_value:.3f}x "
        f"({'lower bound' if c.decide_on == 'lower_bound' else 'point'})",
        "target": f"{c.target:g}x", "verdict": verdict.verdict,
        "development owed": _money(verdict.development_owed),
        "maintenance committed": _money(verdict.maintenance_committed)}])
    limits = pd.DataFrame([{"limit": ch.name, "delivered / baseline": ch.ratio, "allowed": f"{ch.limit:g}x",
                            "result": ch.status, "note": ch.note}
                           for ch in verdict.limits], columns=["limit", "delivered / baseline", "allowed",
                                                               "result", "note"])
    tables = {"headline": headline, "suites": verdict.suites, "benchmarks": per, "limits": limits}
    for att in stage.attribution.values():
        t = att.table[["change", "gain", "log_gain", "error", "measured"]].astype(object)
        total = att.total_log
        t["share"] = [f"{g / total:.0%}" if total else "-" for g in att.table["log_gain"]]
        t["measured"] = ["yes" if m is True else "no (assumed)" if m is False else
                         f"{att.measured_share:.0%} of values measured" for m in att.table["measured"]]
        t = t[["change", "gain", "share", "error", "measured"]]
        t.loc[len(t)] = ["total", float(pd.Series(att.table["gain"]).prod()), "100%", None, None]
        tables[f"attribution: {att.method}"] = t
    return tables


def cumulative_table(cum) -> pd.DataFrame:
    return cum.table.drop(columns=[c for c in ("projected",) if c in cum.table])


def simulation_tables(sim) -> dict[str, pd.DataFrame]:
    st = sim.stages.copy()
    st["measured"] = ["measured" if m else "assumed (plan)" for m in st["measured"]]
    for col in ("p_meet", "p_accept"):
        st[col] = st[col].map(lambda p: f"{p:.0%}")
    st["expected_payment"] = st["expected_payment"].map(_money)
    st["expected_development"] = st["expected_development"].map(_money)
    st = st.rename(columns={"measured": "input"})
    s = sim.summary
    rows = [("total speed-up after all stages, median [5%, 95%]",
             f"{s['total_median']:.2f}x [{s['total_p05']:.2f}, {s['total_p95']:.2f}]"),
            ("probability the total reaches the plan (1.5^n)", f"{s['p_total_reaches_plan']:.1%}"),
            ("expected payment to the contractor (development)", _money(s["expected_development"])),
            ("expected sponsor outlay (development + maintenance)", _money(s["expected_payment"])),
            ("sponsor's cost per percentage point of speed-up", _money(s["cost_per_point"]))]
    fleet = None
    if sim.fleet is not None:
        f = sim.fleet
        fleet = pd.DataFrame([
            ("the sponsor's fleet (its input)", f"{f.servers:g} servers, {_money(f.cost_per_server_year)} per "
             f"server-year, {f.python_share:.0%} of CPU time in Python (from {f.source})"),
            ("expected servers no longer needed", f"{s['expected_servers_saved']:.0f}"),
            ("expected savings per year", _money(s["expected_yearly_savings"]))], columns=["quantity", "value"])
    return {"stages": st, "summary": pd.DataFrame(rows, columns=["quantity", "value"]), "fleet": fleet}


def how_rows(how: dict) -> pd.DataFrame:
    metric = how["metric"]
    if metric == "time":
        mode = "wall time, pyperf worker processes"
    elif metric == "instructions":
        mode = ("instructions per loop: valgrind's cachegrind without cache simulation, the difference "
                "of a 1-loop and a 2-loop run (start-up and imports not counted); deterministic, so the "
                "machine's load does not move it")
    else:
        mode = metric
    load = ("not recorded" if how["load_min"] is None
            else f"1-minute load average {how['load_min']:.1f} to {how['load_max']:.1f} while measuring")
    values = (f"{how['values_min']}" if how["values_min"] == how["values_max"]
              else f"{how['values_min']} to {how['values_max']}")
    rows = [("machine", f"{how['machine']} ({how['arch']}, {how['cpu']}"
             + (f", {how['cores']} cores" if how["cores"] else "") + ")"),
            ("load", load),
            ("what was measured", mode),
            ("results", f"{how['files']} files: {how['engines']} engines x {how['benchmarks']} benchmarks, "
                        f"{values} value(s) each"),
            ("engine", f"fivefold {how['version']}, source hash {how['source']}, commit {how['commit']}"),
            ("when", f"{how['first']} to {how['last']}")]
    return pd.DataFrame(rows, columns=["", "how"])


def _img(paths, alt: str) -> str:
    data = base64.b64encode(paths["png"].read_bytes()).decode("ascii")
    return (f'<figure><img alt="{html.escape(alt)}" src="data:image/png;base64,{data}">'
            f'<figcaption class="note">{html.escape(alt)} (<a href="{paths["svg"].name}">SVG</a>, '
            f'<a href="{paths["png"].name}">PNG</a>)</figcaption></figure>')


def _html_table(frame: pd.DataFrame) -> str:
    return "<div class='table'>" + _shown(frame).to_html(index=False, border=0) + "</div>"


def _p(text: str, cls: str = "note") -> str:
    return f"<p class='{cls}'>{html.escape(text)}</p>"


def versus_tables(versus) -> tuple[pd.DataFrame, pd.DataFrame]:
    head = versus.headline.rename(columns={"speed-up": f"speed-up over {versus.baseline_label} (95% interval)"})
    per = versus.per_benchmark.drop(columns=["suite"])
    return head, per


def _title(ctx) -> str:
    how = ctx["how"]
    return (f"fivefold {how['version']} (source {how['source']}), commit {ctx['commit']}")


def render_html(ctx) -> str:
    images = ctx["images"]
    versus = ctx["versus"]
    parts = [(f"<!DOCTYPE html><html lang='en'><head><meta charset='utf-8'>"
              f"<meta name='viewport' content='width=device-width, initial-scale=1'>"
              f"<title>fivefold funding report {html.escape(ctx['date'])} {html.escape(ctx['commit'])}</title>"
              f"<style>{STYLE}</style></head><body>"),
             "<h1>fivefold funding report</h1>",
             _p(f"{_title(ctx)}, machine {ctx['machine']}; made {ctx['date']} from the results store alone.")]
    if ctx["missing"]:
        parts.append("<div class='missing'><p><b>Not measured, so not in this report:</b></p><ul>"
                     + "".join(f"<li>{html.escape(m)}</li>" for m in ctx["missing"]) + "</ul></div>")
    if versus is not None:
        head, per = versus_tables(versus)
        parts += [f"<h2>Against {html.escape(versus.baseline_label)}</h2>",
                  _p(f"Speed-up over {versus.baseline_label}, the baseline the plan was written against "
                     f"(its time or instructions / the engine's: above 1 is faster). Metric: "
                     f"{charts._metric_words(versus.metric)}."),
                  _img(images["versus"], f"speed-up over {versus.baseline_label}"), _html_table(head),
                  "<h3>Per benchmark</h3>", _img(images["versus-benchmarks"], "per benchmark"),
                  _html_table(per)]
    if "timeline" in images:
        parts += ["<h3>Across runs</h3>",
                  _p("Every published run of this machine, oldest first; each point is against that run's "
                     "own CPython 3.11, on the benchmarks every run measured."),
                  _img(images["timeline"], "timeline"), _html_table(ctx["timeline"])]
    parts += ["<h2>Stage against stage: compounded speed-up</h2>",
              _img(images["cumulative"], "cumulative speed-up"),
              _html_table(cumulative_table(ctx["cumulative"]))]
    for stage in ctx["stages"]:
        n = stage.contract.stage
        tables = stage_tables(stage)
        parts += [f"<h2>{html.escape(stage.contract.name or stage.design.name)}</h2>",
                  f"<p class='verdict'>Verdict: {html.escape(stage.verdict.verdict)}</p>"]
        if stage.note:
            parts.append(_p("Note: " + stage.note, "missing"))
        parts += [_html_table(tables["headline"])]
        if not stage.design.explicit:
            parts.append(_p(f"Changes of stage {n} ({len(stage.design.changes)}): "
                            + ", ".join(stage.design.changes) + "."))
        parts += ["<h3>Suites</h3>", _html_table(tables["suites"])]
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
            parts.append(_p(stage.attribution_note))
        for name, table in tables.items():
            if name.startswith("attribution: "):
                parts += [f"<h4>{html.escape(name[13:])}</h4>", _html_table(table)]
    sim = simulation_tables(ctx["simulation"])
    parts += ["<h2>Simulation</h2>",
              _p("Monte Carlo over each change's measured gain distribution; stages not measured yet use "
                 "the contract's assumed gain (hatched). It models the speed-up only, the limits assumed "
                 "kept: a measured stage's decided verdict is written under its bar."),
              _img(images["simulation"], "simulation"), _html_table(sim["stages"]), _html_table(sim["summary"])]
    if sim["fleet"] is not None:
        parts += ["<h3>The sponsor's fleet</h3>",
                  _p("From the fleet file the sponsor gave (--fleet): its inputs, not measurements."),
                  _html_table(sim["fleet"])]
    else:
        parts.append(_p("No fleet or savings figures: they are shown only from the sponsor's own fleet file "
                        "(fivefold report --fleet FLEET.toml; examples/fleet.toml shows the format)."))
    parts += ["<h2>How this was measured</h2>", _html_table(how_rows(ctx["how"])), "</body></html>"]
    return "\n".join(parts)


def _md_table(frame: pd.DataFrame) -> str:
    return _shown(frame).to_markdown(index=False)


def render_markdown(ctx) -> str:
    """A summary fit for a pull request: headline, verdicts, what is missing, how measured."""
    versus = ctx["versus"]
    lines = [f"## fivefold funding report ({ctx['date']})", "",
             f"{_title(ctx)}, machine `{ctx['machine']}`. The full report (charts, every table) is "
             "`report.html` beside this file.", ""]
    if versus is not None:
        head, _ = versus_tables(versus)
        lines += [f"### Against {versus.baseline_label} ({charts._metric_words(versus.metric)})", "",
                  _md_table(head), ""]
    lines += ["### Verdicts", ""]
    rows = []
    for stage in ctx["stages"]:
        v = stage.verdict
        rows.append({"stage": stage.contract.name or stage.design.name, "compared": compared(stage),
                     "delivered (95% interval)": v.delivered, "target": f"{stage.contract.target:g}x",
                     "verdict": v.verdict, "development owed": _money(v.development_owed),
                     "maintenance committed": _money(v.maintenance_committed)})
    lines += [_md_table(pd.DataFrame(rows)), ""]
    if ctx["missing"]:
        lines += ["### Not measured", ""] + [f"- {m}" for m in ctx["missing"]] + [""]
    sim = simulation_tables(ctx["simulation"])
    lines += ["### Simulation (speed-up only; unmeasured stages assumed)", "", _md_table(sim["summary"]), ""]
    if sim["fleet"] is not None:
        lines += ["Fleet figures from the sponsor's file (inputs, not measurements):", "",
                  _md_table(sim["fleet"]), ""]
    lines += ["### How measured", "", _md_table(how_rows(ctx["how"])), ""]
    return "\n".join(lines)
