"""`fivefold contract evaluate`: the verdict and the amount owed, from the store."""

from __future__ import annotations

import argparse
import sys

from fivefold.model.contract import (
    ContractError,
    default_contract,
    design_for,
    with_store_metric,
    evaluate,
    format_result,
    load_contract,
)
from fivefold.model.stats import DEFAULT_BOOT
from fivefold.model.store_reader import StoreError, default_root, read_store


def add_store_options(parser: argparse.ArgumentParser) -> None:
    """Options shared by `contract evaluate` and `report`."""
    parser.add_argument("--results", metavar="DIR", default=None,
                        help="results store root (default: $FIVEFOLD_RESULTS, else results/ when it "
                        "holds results, else the published store results/published/)")
    parser.add_argument("--machine", default=None, help="machine slug to read (default: the latest run's)")
    parser.add_argument("--commit", default=None, help="commit to read (default: the latest run's); several, comma-separated, "
                        "are read together (a run split across commits of the same engine code)")
    parser.add_argument("--baseline", metavar="ENGINE", default=None,
                        help="engine that plays the baseline (default: the stage convention)")
    parser.add_argument("--candidate", metavar="ENGINE", default=None,
                        help="engine that plays the delivered stage (default: the stage convention)")
    parser.add_argument("--metric", default=None, choices=["time", "instructions", "qemu-instructions"],
                        help="judge speed on this metric (default: the contract's; when the store "
                             "lacks it, the speed metric the store has, and the output says so)")
    parser.add_argument("--bootstrap", type=int, default=DEFAULT_BOOT, metavar="N",
                        help=f"bootstrap replicates for confidence intervals (default {DEFAULT_BOOT})")
    parser.add_argument("--seed", type=int, default=0, help="random seed (default 0)")


def read_table(args):
    root = args.results if args.results is not None else default_root()
    if args.results is None:
        # Say which store a command with no --results read (the published one, or yours).
        print(f"reading the results store {root}", file=sys.stderr)
    return read_store(root, args.machine, args.commit)


def run_evaluate(args) -> int:
    try:
        contract = load_contract(args.contract) if args.contract else default_contract(args.stage)
        table = read_table(args)
        contract, note = with_store_metric(contract, table, args.metric)
        design = design_for(contract, table, args.baseline, args.candidate)
        result = evaluate(contract, table, design, n_boot=args.bootstrap, seed=args.seed)
        result.note = "; ".join(n for n in (note, design.note) if n)
    except (ContractError, StoreError, ValueError) as exc:
        print(f"fivefold contract evaluate: {exc}", file=sys.stderr)
        return 1
    print(format_result(result))
    return 0


def register(subparsers) -> None:
    contract = subparsers.add_parser("contract", help="stage contracts: evaluate delivery and payment")
    sub = contract.add_subparsers(dest="contract_command", metavar="ACTION", required=True)
    ev = sub.add_parser("evaluate", help="print the delivered speed-up, verdict, amount owed and limits")
    ev.add_argument("contract", nargs="?", default=None, help="contract TOML (default: the stage's default)")
    ev.add_argument("--stage", type=int, default=1, help="stage whose default contract to use (default 1)")
    add_store_options(ev)
    ev.set_defaults(func=run_evaluate)
