# SPDX-License-Identifier: GPL-2.0
# make check-scaleout: the scale-out recipes of Documentation/pidle-replay.rst
# and experiments.rst, run as written: a one-node Slurm and an sshd for GNU
# parallel, started on this machine for the test and stopped after it
# (tests/scaleout/run.sh; root; the packages it needs, scripts/deps extra).
# Included by the top Makefile.
.PHONY: check-scaleout
check-scaleout: $(BUILD)/pidle-replay
	@tests/scaleout/run.sh $(BUILD)
