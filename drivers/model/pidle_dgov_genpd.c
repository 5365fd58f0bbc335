// SPDX-License-Identifier: GPL-2.0
/*
 * pseudo-cpuidle: the kernel's genpd CPU domain governor, ported.
 */
#include <linux/errno.h>
#include <linux/kernel.h>
#include <linux/limits.h>
#include <linux/slab.h>
#include <pidle/dgov.h>

/**
 * DOC: genpd-6.1, genpd-6.12, genpd: the kernel's cpu_power_down_ok()
 *
 * Ports of pm_domain_cpu_gov's ->power_down_ok(), cpu_power_down_ok(), and
 * what it calls (_default_power_down_ok(), __default_power_down_ok()):
 *
 * - ``genpd-6.1``: Debian's linux-source-6.1 (6.1.192),
 *   drivers/base/power/domain_governor.c.
 * - ``genpd-6.12``: Debian's linux-source-6.12 (6.12.118),
 *   drivers/pmdomain/governor.c.
 * - ``genpd``: mainline, drivers/pmdomain/governor.c at commit
 *   0346625cd7f125d056e1424e98d0037a1baa4614: 6.12's, then a veto when any
 *   CPU of the domain has an IPI pending (cpus_peek_for_pending_ipi(),
 *   Ulf Hansson's series of late 2025).
 *
 * Upstream v6.1 and v6.12 chose by the next timer alone; "pmdomain:
 * governor: Consider CPU latency tolerance from pm_domain_cpu_gov" (2025)
 * added the global CPU latency QoS and each CPU's resume-latency QoS, and
 * came through stable into Debian's 6.1.147 and 6.12.41. The two Debian
 * sources therefore decide alike (6.12 only also stores the domain's next
 * wake-up for consumers); both names are kept so that a run says which
 * kernel it stands for. tests/kernelsrc/ compiles each kernel's own
 * function and checks that these ports decide as it does.
 *
 * The governor, for a domain whose last CPU is going idle:
 *
 * 1. _default_power_down_ok(): from the deepest state down, the first
 *    state whose power-off plus power-on latency is below every device's
 *    and subdomain's constraint. A CPU domain's devices are its CPUs
 *    (cpuidle-psci-domain.c attaches each CPU's device to its domain):
 *    their constraint is each CPU's resume-latency QoS as the device
 *    saw it when runtime-suspended, less the runtime-PM latencies genpd
 *    measured, which the model has none of (0). A subdomain's constraint
 *    (max_off_time_ns) is its own less the power-on latency of its state:
 *    @in->sub_power_on_ns. No constraint at all passes every state; a
 *    constraint of 0 rejects them all (in the kernel the CPU's device
 *    then never suspends and the domain is never asked). Not modelled:
 *    devices other than CPUs in the domain, and GENPD_FLAG_MIN_RESIDENCY
 *    (devices' predicted wake-ups), which CPU domains do not set.
 *    The kernel caches this step's verdict and recomputes it only when
 *    max_off_time_changed says a constraint changed (@in->qos_changed
 *    here, or the aggregated constraint differing from last time); the
 *    cached state index is a ``bool`` (struct genpd_governor_data's
 *    cached_power_down_state_idx, in 6.1, 6.12 and mainline alike), so
 *    a cached index of 2 or 3 comes back as 1. The ports keep that
 *    cache, bug included: with three or more domain states genpd goes
 *    deeper than state 1 only on the first decision after a change.
 * 2. No state: rejected. Else the idle duration is the domain's earliest
 *    next timer less now (none: KTIME_MAX, as the kernel's
 *    ktime_set(KTIME_SEC_MAX, 0));
 *    not positive: rejected.
 * 3. From that state down, the first whose residency plus power-off
 *    latency fits the idle duration and whose power-on plus power-off
 *    latency fits the smaller of the global and per-CPU QoS (>=, where
 *    step 1 compares with <=: an exactly-equal per-CPU constraint fails
 *    step 1). None: rejected.
 * 4. ``genpd`` only: a pending IPI on any CPU of the domain rejects.
 *    The model asks its ``ipi_peek`` hook at the last man; the driver's
 *    answers with cpus_peek_for_pending_ipi() where the kernel exports
 *    it. Where it cannot know (@in->ipi_known false: Debian kernels
 *    export no way for a module to peek at another CPU's IPI queue; the
 *    eval kernel's patch does), the veto is skipped, and ``genpd`` then
 *    decides as ``genpd-6.12``, as a 6.12 kernel's genpd does. On the
 *    patched eval kernel, experiments/osi-ipi.exp's doomed core
 *    power-offs (``above``) fell from 2614 to 3 under menu with it.
 *
 * The kernel's QoS "no constraint" is S32_MAX us, about 2147 s; ours
 * (S64_MAX) is larger, which decides differently only for latencies
 * above that, far beyond any table the parser accepts. The above/below
 * accounting that mainline adds to the genpd core is pidle_dgov_verdict().
 */

/* ktime_set(KTIME_SEC_MAX, 0), which is KTIME_MAX: "no timer". */
#define PIDLE_GENPD_NO_WAKEUP_NS	S64_MAX

/* __default_power_down_ok() for CPU domains: see the DOC block, step 1. */
static bool pidle_genpd_qos_allows(const struct pidle_dgov_domain *d,
				   const struct pidle_dgov_input *in,
				   unsigned int i)
{
	const struct pidle_dgov_state *s = &d->states[i];
	s64 off_on_ns = s->power_off_latency_ns + s->power_on_latency_ns;
	s64 max_off_ns;

	if (in->cpu_qos_ns == S64_MAX)
		return true;
	/* A subdomain's negative max_off_time_ns counts as none, as there. */
	max_off_ns = in->cpu_qos_ns - (s64)in->sub_power_on_ns;
	if (max_off_ns < 0)
		return true;
	return max_off_ns > off_on_ns;
}

/* What struct genpd_governor_data keeps between decisions. */
struct pidle_genpd {
	bool changed;		/* max_off_time_changed */
	bool cached_ok;		/* cached_power_down_ok */
	bool cached_idx;	/* cached_power_down_state_idx: a bool there */
	s64 cpu_qos_ns;		/* the inputs the cache was computed from */
	u64 sub_power_on_ns;
};

static int pidle_genpd_attach(struct pidle_dgov_domain *d)
{
	struct pidle_genpd *g = kzalloc(sizeof(*g), GFP_KERNEL);

	if (!g)
		return -ENOMEM;
	g->changed = true;	/* genpd_alloc_data() */
	d->priv = g;
	return 0;
}

static void pidle_genpd_detach(struct pidle_dgov_domain *d)
{
	kfree(d->priv);
	d->priv = NULL;
}

/* Step 1, _default_power_down_ok(): the state to start from, or -1. */
static int pidle_genpd_default(const struct pidle_dgov_domain *d,
			       const struct pidle_dgov_input *in)
{
	struct pidle_genpd *g = d->priv;
	int i = in->deepest;

	if (i >= (int)d->nr_states)
		i = d->nr_states - 1;
	if (in->qos_changed || in->cpu_qos_ns != g->cpu_qos_ns ||
	    in->sub_power_on_ns != g->sub_power_on_ns)
		g->changed = true;
	if (!g->changed) {
		if (!g->cached_ok)
			return -1;
		return min_t(int, g->cached_idx, i);
	}

	g->changed = false;
	g->cpu_qos_ns = in->cpu_qos_ns;
	g->sub_power_on_ns = in->sub_power_on_ns;
	g->cached_ok = true;
	while (i > 0 && !pidle_genpd_qos_allows(d, in, i))
		i--;
	if (i < 0 || !pidle_genpd_qos_allows(d, in, i)) {
		g->cached_ok = false;
		i = 0;
	}
	g->cached_idx = i;
	return g->cached_ok ? i : -1;
}

static int pidle_genpd_select(const struct pidle_dgov_domain *d,
			      const struct pidle_dgov_input *in, bool ipi_veto)
{
	s64 wakeup_ns, idle_ns, qos_ns;
	int i;

	if (!d->nr_states)
		return -1;

	/* Step 1: _default_power_down_ok(). */
	i = pidle_genpd_default(d, in);
	if (i < 0)
		return -1;

	/* Step 2: the idle duration. */
	wakeup_ns = PIDLE_GENPD_NO_WAKEUP_NS;
	if (in->next_timer_ns < (u64)wakeup_ns)
		wakeup_ns = in->next_timer_ns;
	idle_ns = wakeup_ns - (s64)in->now_ns;
	if (idle_ns <= 0)
		return -1;

	/* Step 3: residency and QoS. */
	qos_ns = min(in->cpu_qos_ns, in->global_qos_ns);
	i = pidle_dgov_fit(d, i, idle_ns, qos_ns);
	if (i < 0)
		return -1;

	/* Step 4: mainline's pending-IPI veto. */
	if (ipi_veto && in->ipi_known && in->ipi_pending)
		return -1;
	return i;
}

static int pidle_genpd_6_1_select(struct pidle_dgov_domain *d,
				  const struct pidle_dgov_input *in)
{
	return pidle_genpd_select(d, in, false);
}

static int pidle_genpd_6_12_select(struct pidle_dgov_domain *d,
				   const struct pidle_dgov_input *in)
{
	return pidle_genpd_select(d, in, false);
}

static int pidle_genpd_mainline_select(struct pidle_dgov_domain *d,
				       const struct pidle_dgov_input *in)
{
	return pidle_genpd_select(d, in, true);
}

const struct pidle_dgov_ops pidle_dgov_genpd_6_1 = {
	.name	= "genpd-6.1",
	.attach	= pidle_genpd_attach,
	.detach	= pidle_genpd_detach,
	.select	= pidle_genpd_6_1_select,
};

const struct pidle_dgov_ops pidle_dgov_genpd_6_12 = {
	.name	= "genpd-6.12",
	.attach	= pidle_genpd_attach,
	.detach	= pidle_genpd_detach,
	.select	= pidle_genpd_6_12_select,
};

const struct pidle_dgov_ops pidle_dgov_genpd = {
	.name	= "genpd",
	.flags	= PIDLE_DGOV_IPI,	/* step 4's veto */
	.attach	= pidle_genpd_attach,
	.detach	= pidle_genpd_detach,
	.select	= pidle_genpd_mainline_select,
};
