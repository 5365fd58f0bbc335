# SPDX-License-Identifier: GPL-2.0
# Experiments (Documentation/experiments.rst): make demo runs the seed's
# scenario, experiments/seed.exp; make experiment EXP=FILE any other, with
# EXP_ARGS (e.g. -j 2); make check-experiments the runner's tests and the
# tiny real experiment. Included by the top Makefile.
EXP ?= experiments/seed.exp
EXP_ARGS ?=

.PHONY: experiment check-experiments check-experiments-vm

# deps-check first, alone: the tools need hwloc's headers it installs.
EXP_GUEST := guest-tools $(call guest_progs,experiments/guest)

demo: deps-check
	@$(MAKE) --no-print-directory $(EXP_GUEST)
	@experiments/run.sh $(EXP_ARGS) experiments/seed.exp

experiment: deps-check
	@$(MAKE) --no-print-directory $(EXP_GUEST)
	@experiments/run.sh $(EXP_ARGS) $(EXP)

# host-only: the parser, resumption, the columns, a plot (no guest)
check-experiments:
	@tests/experiments/run.sh

# the tiny real experiment, in a guest (part of check-vm's turn in make check)
check-experiments-vm: guest-tools $(call guest_progs,experiments/guest)
	@tests/experiments/tiny.sh
