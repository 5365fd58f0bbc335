# SPDX-License-Identifier: GPL-2.0
# make ab: one experiment on two sides (ab/run; Documentation/
# evaluating-a-governor.rst). AB_EXP= the experiment file, AB_A= and AB_B=
# the sides (kernel=NAME|IMAGE[:KDIR], governor=NAME, table=NAME).
AB_EXP ?= experiments/seed.exp
AB_A ?=
AB_B ?=
AB_JOBS ?= 1

.PHONY: ab check-ab
ab: $(EXP_GUEST)
	@[ -n "$(AB_A)" ] && [ -n "$(AB_B)" ] || \
		{ echo "make ab: give AB_A= and AB_B= (e.g. AB_A=kernel=eval AB_B=kernel=/path/bzImage)" >&2; exit 2; }
	ab/run -j $(AB_JOBS) "$(AB_EXP)" "$(AB_A)" "$(AB_B)"

# No guest: compare.awk's verdicts and ab/run's argument checks.
check-ab:
	@ab/test/run
