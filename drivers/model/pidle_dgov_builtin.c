// SPDX-License-Identifier: GPL-2.0
/*
 * pseudo-cpuidle: the built-in domain governors by name, the checks a
 * governor's name and ops must pass, and genpd's above/below verdict.
 */
#include <linux/errno.h>
#include <linux/kernel.h>
#include <linux/string.h>
#include <pidle/dgov.h>

const struct pidle_dgov_ops *const pidle_dgov_builtins[] = {
	&pidle_dgov_genpd,
	&pidle_dgov_genpd_6_12,
	&pidle_dgov_genpd_6_1,
	&pidle_dgov_deepest,
	&pidle_dgov_predict,
	NULL,
};

const struct pidle_dgov_ops *pidle_dgov_builtin(const char *name)
{
	unsigned int i;

	for (i = 0; pidle_dgov_builtins[i]; i++)
		if (!strcmp(pidle_dgov_builtins[i]->name, name))
			return pidle_dgov_builtins[i];
	return NULL;
}

int pidle_dgov_name_check(const char *name)
{
	size_t i;

	if (!name || !name[0])
		return -EINVAL;
	for (i = 0; name[i]; i++) {
		char c = name[i];

		if (i >= PIDLE_DGOV_NAME_LEN - 1)
			return -EINVAL;
		if (!((c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') ||
		      c == '.' || c == '_' || c == '-'))
			return -EINVAL;
	}
	return 0;
}

int pidle_dgov_ops_check(const struct pidle_dgov_ops *ops)
{
	if (!ops || !ops->select || pidle_dgov_name_check(ops->name))
		return -EINVAL;
	/* ->detach() undoes ->attach(): one without the other is a bug. */
	if (!ops->attach != !ops->detach)
		return -EINVAL;
	return 0;
}

/**
 * pidle_dgov_verdict() - judge a down period as the genpd core does
 * @d:			the domain
 * @state:		the state it was down in
 * @residency_ns:	how long, power-off included
 *
 * Mainline's genpd_reflect_residency() (drivers/pmdomain/core.c, with the
 * pending-IPI series): *above* when the period was shorter than the
 * state's power-off latency plus residency, *below* when it was at least
 * the next deeper state's, else neither.
 *
 * Return: the verdict.
 */
enum pidle_dgov_verdict pidle_dgov_verdict(const struct pidle_dgov_domain *d,
					   unsigned int state,
					   u64 residency_ns)
{
	const struct pidle_dgov_state *s = &d->states[state];

	if (residency_ns < s->power_off_latency_ns + s->residency_ns)
		return PIDLE_DGOV_ABOVE;
	if (state + 1 < d->nr_states &&
	    residency_ns >= s[1].power_off_latency_ns + s[1].residency_ns)
		return PIDLE_DGOV_BELOW;
	return PIDLE_DGOV_FIT;
}

int pidle_dgov_fit(const struct pidle_dgov_domain *d, int from, s64 idle_ns,
		   s64 qos_ns)
{
	int i;

	for (i = from; i >= 0; i--) {
		const struct pidle_dgov_state *s = &d->states[i];

		if (idle_ns >= (s64)(s->residency_ns + s->power_off_latency_ns) &&
		    qos_ns >= (s64)(s->power_on_latency_ns +
				    s->power_off_latency_ns))
			return i;
	}
	return -1;
}
