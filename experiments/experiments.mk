# SPDX-License-Identifier: GPL-2.0
# Experiments (Documentation/experiments.rst): make demo runs the seed's
# scenario, experiments/seed.exp; make experiment EXP=FILE any other, with
# EXP_ARGS (e.g. -j 2); make check-experiments the runner's tests and the
# tiny real experiment. Included by the top Makefile.
EXP ?= experiments/seed.exp
EXP_ARGS ?=

.PHONY: experiment check-experiments check-experiments-vm linuxpm replay-corpus

# deps-check first, alone: the tools need hwloc's headers it installs.
EXP_GUEST := guest-tools $(call guest_progs,experiments/guest)

# The demo runs on the eval kernel when it is built (kernels/locate finds
# it): every governor the source has, teo included. Without it, on
# Debian's 6.12 (the file's kernels), saying how to add teo. -j 2: the
# guests run under -icount, so two at once do not disturb each other.
# EXP_ARGS="-k 6.12" (or any -k, -j) overrides.
DEMO_JOBS ?= 2
demo: deps-check
	@$(MAKE) --no-print-directory $(EXP_GUEST)
	@if kernels/locate eval > /dev/null 2>&1; then \
		echo "demo: on the eval kernel (built from Debian's source: ladder, menu, teo, haltpoll)"; k="-k eval"; \
	else \
		echo "demo: no eval kernel built, so Debian's 6.12, which has no teo: its cells are listed as skipped."; \
		echo "demo: to add teo, 'make kernel-eval' (about $$(bash -c '. kernels/lib.sh; kernels_expect_min eval') min cold on 2 cores, 1-2 min from a warm ccache), then make demo again."; \
		k=; \
	fi; \
	experiments/run.sh $$k -j $(DEMO_JOBS) $(EXP_ARGS) experiments/seed.exp

experiment: deps-check
	@$(MAKE) --no-print-directory $(EXP_GUEST)
	@experiments/run.sh $(EXP_ARGS) $(EXP)

# The workloads linux-pm reports (experiments/linuxpm.exp): fio on a
# virtio disk, null_blk and dm-delay, ring ping-pongs over 2, 4 and 8
# CPUs, periodic loads at 73 to 401 Hz, hackbench, idle; each with its
# own figure beside the idle figures. Debian's fio and rt-tests are in
# scripts/deps.
linuxpm: deps-check
	@$(MAKE) --no-print-directory $(EXP_GUEST)
	@experiments/run.sh $(EXP_ARGS) experiments/linuxpm.exp

# pidle-replay's corpus, tests/replay/corpus/: the same cells recorded
# with tracing on (tests/replay/corpus.sh; CORPUS_CELLS=REGEX of the
# cell ids, default Skylake-SP's table under menu; CORPUS_KERNEL=eval
# for the teo cells)
CORPUS_CELLS ?= /skx/menu/
CORPUS_KERNEL ?=
replay-corpus: deps-check
	@$(MAKE) --no-print-directory $(EXP_GUEST)
	@tests/replay/corpus.sh $(if $(CORPUS_KERNEL),-k $(CORPUS_KERNEL)) '$(CORPUS_CELLS)'

# host-only: the parser, resumption, the columns, a plot (no guest)
check-experiments: $(BUILD)/pidle-replay $(BUILD)/pidle-topo
	@tests/experiments/run.sh

# the tiny real experiment, in a guest (part of check-vm's turn in make check)
check-experiments-vm: guest-tools $(call guest_progs,experiments/guest)
	@tests/experiments/tiny.sh
