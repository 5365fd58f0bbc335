// SPDX-License-Identifier: GPL-2.0
/*
 * pseudo-cpuidle: the "deepest" domain governor.
 */
#include <linux/kernel.h>
#include <pidle/dgov.h>

/**
 * DOC: deepest: always the deepest state allowed
 *
 * Takes @in->deepest whatever the timers, the QoS or the history say: what
 * a platform does that powers a cluster down whenever its last CPU goes
 * idle (no OS-side governor: genpd's pm_domain_always_on_gov's opposite,
 * or a domain registered without a governor, whose power_down_ok is
 * taken as yes). The bound of what a domain governor can save, and of
 * what it can cost when wake-ups come early.
 */
static int pidle_deepest_select(struct pidle_dgov_domain *d,
				const struct pidle_dgov_input *in)
{
	if (!d->nr_states)
		return -1;
	return min(in->deepest, d->nr_states - 1);
}

const struct pidle_dgov_ops pidle_dgov_deepest = {
	.name	= "deepest",
	.select	= pidle_deepest_select,
};
