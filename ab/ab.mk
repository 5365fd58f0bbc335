# SPDX-License-Identifier: GPL-2.0
# make ab: one experiment on two sides (ab/run; Documentation/
# evaluating-a-governor.rst). AB_EXP= the experiment file, AB_A= and AB_B=
# the sides (kernel=NAME|IMAGE[:KDIR], governor=NAME, table=NAME).
AB_EXP ?= experiments/seed.exp
AB_A ?=
AB_B ?=
AB_JOBS ?= 1
# e.g. AB_ARGS="-u 30": more repeats until every figure is settled (ab/run)
AB_ARGS ?=

.PHONY: ab check-ab
ab: $(EXP_GUEST)
	@[ -n "$(AB_A)" ] && [ -n "$(AB_B)" ] || \
		{ echo "make ab: give AB_A= and AB_B= (e.g. AB_A=kernel=eval AB_B=kernel=/path/bzImage)" >&2; exit 2; }
	ab/run -j $(AB_JOBS) $(AB_ARGS) "$(AB_EXP)" "$(AB_A)" "$(AB_B)"

# No guest: the comparison's verdicts (ab/stats.awk), their repeatability
# over simulated reruns, and ab/run's argument checks.
check-ab:
	@ab/test/run
