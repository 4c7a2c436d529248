"""`fivefold report`: the funding report (HTML and Markdown) from the store alone."""

from __future__ import annotations

import sys

from fivefold.model.contract_commands import add_store_options, read_table
from fivefold.model.contract import ContractError, default_contract, load_contract
from fivefold.model.simulation import load_fleet
from fivefold.model.store_reader import StoreError, default_root, read_all
from fivefold.reports.builder import ReportError, build_report, plan_stages


def run_report(args) -> int:
    try:
        table = read_table(args)
        contracts = [load_contract(p) for p in args.contract] or None
        if contracts is None and (args.baseline or args.candidate):
            contracts = [default_contract(args.stage)]
        plans = plan_stages(table, contracts, args.baseline, args.candidate)
        fleet = load_fleet(args.fleet) if args.fleet else None
        history = read_all(args.results if args.results is not None else default_root())
        report = build_report(table, plans, args.out, fleet=fleet, n_boot=args.bootstrap,
                              draws=args.draws, seed=args.seed, metric=args.metric, history=history)
    except (ContractError, StoreError, ReportError, ValueError) as exc:
        print(f"fivefold report: {exc}", file=sys.stderr)
        return 1
    print(f"wrote {report.html}")
    print(f"wrote {report.markdown}")
    for stage in report.stages:
        v = stage.verdict
        print(f"{stage.design.name}: {v.delivered.value:.3f}x [{v.delivered.low:.3f}, {v.delivered.high:.3f}]"
              f" ({v.contract.metric}) -> {v.verdict}; owed ${v.owed:,.0f}")
        if stage.note:
            print(f"  NOTE: {stage.note}")
    return 0


def register(subparsers) -> None:
    p = subparsers.add_parser("report", help="write the funding report into reports/out/<date>-<commit>/")
    add_store_options(p)
    p.add_argument("--out", metavar="DIR", default="reports/out", help="output root (default reports/out)")
    p.add_argument("--contract", metavar="TOML", action="append", default=[],
                   help="contract file (repeat for several stages; default: model/contracts/stageN.toml)")
    p.add_argument("--stage", type=int, default=1,
                   help="with --baseline/--candidate: the stage whose default contract judges them (default 1)")
    p.add_argument("--draws", type=int, default=20_000, help="Monte Carlo draws (default 20000)")
    p.add_argument("--fleet", metavar="TOML", default=None,
                   help="the sponsor's fleet ([fleet] servers, cost_per_server_year, python_share): "
                        "fleet and savings figures are shown only from it (examples/fleet.toml)")
    p.set_defaults(func=run_report)
