// SPDX-License-Identifier: GPL-2.0
/*
 * pidle_dgov_threshold: a domain governor for pseudo-cpuidle's OS-initiated
 * (OSI) mode, in its own module: the template to copy for your own.
 *
 * What a domain governor is (Documentation/cluster-governors.rst): when the
 * last CPU of a domain (a core, a cluster, a package) goes idle in OSI
 * mode, the model asks the domain's governor which of the domain's idle
 * states to power it down in, or whether to keep it on. Its answer is
 * counted in genpd's terms (usage, rejected, above, below) beside the
 * built-in governors' (genpd, genpd-6.12, genpd-6.1, deepest, predict).
 *
 * This one, "threshold", is genpd's rule with a margin: the deepest state
 * whose power-off latency plus residency fits the time to the domain's
 * next timer *less margin_us*, and whose power-on plus power-off latency
 * fits the latency QoS; nothing when none does. The margin stands for the
 * wake-ups a timer does not predict (a larger one trades energy for fewer
 * premature wake-ups). It keeps a count per domain, to show where a
 * governor's own per-domain data lives.
 *
 * Build against the project (examples/dgov-template/README), load after
 * pseudo_cpuidle, select with domain_gov=threshold (or LEVEL:threshold).
 * While selected, this module cannot be unloaded: the registry holds a
 * reference on it (.owner = THIS_MODULE).
 */
#define pr_fmt(fmt) KBUILD_MODNAME ": " fmt

#include <linux/kernel.h>
#include <linux/limits.h>
#include <linux/module.h>
#include <linux/slab.h>
#include <pidle/dgov.h>

static unsigned int margin_us = 50;
module_param(margin_us, uint, 0644);
MODULE_PARM_DESC(margin_us, "time kept free before the next timer, us (default 50)");

static char *name = "threshold";
module_param(name, charp, 0444);
MODULE_PARM_DESC(name, "the name to register under, [a-z0-9._-] (default threshold)");

/*
 * Per domain: ->attach() allocates it (process context, may sleep),
 * ->detach() frees it. ->select() and ->reflect() of one domain never run
 * concurrently (the model orders them), so it needs no lock.
 */
struct threshold_domain {
	u64 decisions;
	u64 rejected;
};

static int threshold_attach(struct pidle_dgov_domain *d)
{
	d->priv = kzalloc(sizeof(struct threshold_domain), GFP_KERNEL);
	return d->priv ? 0 : -ENOMEM;
}

static void threshold_detach(struct pidle_dgov_domain *d)
{
	struct threshold_domain *t = d->priv;

	pr_debug("level %u domain %u: %llu decisions, %llu rejected\n",
		 d->level, d->id, t->decisions, t->rejected);
	kfree(t);
	d->priv = NULL;
}

/*
 * The idle path: interrupts off, the domain's other CPUs held off. Short,
 * no locks, no allocation, no sleeping. Return a state index from 0 to
 * @in->deepest, or -1 to keep the domain on.
 */
static int threshold_select(struct pidle_dgov_domain *d,
			    const struct pidle_dgov_input *in)
{
	struct threshold_domain *t = d->priv;
	u64 margin_ns = (u64)READ_ONCE(margin_us) * NSEC_PER_USEC;
	s64 qos_ns = min(in->cpu_qos_ns, in->global_qos_ns);
	u64 idle_ns;
	int i;

	t->decisions++;
	/* No timer (U64_MAX) is as far as can be; one due now, nothing. */
	if (in->next_timer_ns <= in->now_ns + margin_ns)
		goto reject;
	idle_ns = in->next_timer_ns - in->now_ns - margin_ns;

	for (i = min(in->deepest, d->nr_states - 1); i >= 0; i--) {
		const struct pidle_dgov_state *s = &d->states[i];

		if (idle_ns >= s->power_off_latency_ns + s->residency_ns &&
		    qos_ns >= (s64)(s->power_on_latency_ns + s->power_off_latency_ns))
			return i;
	}
reject:
	t->rejected++;
	return -1;
}

static struct pidle_dgov_ops threshold_ops = {
	.owner	= THIS_MODULE,	/* required: the registry holds it while selected */
	.attach	= threshold_attach,
	.detach	= threshold_detach,
	.select	= threshold_select,
	/* .reflect: optional, told how long each down period lasted */
};

static int __init threshold_init(void)
{
	threshold_ops.name = name;
	return pidle_dgov_register(&threshold_ops);
}

/*
 * Runs only when nothing holds the governor (the registry's reference on
 * this module would keep rmmod from getting here): cannot fail then.
 */
static void __exit threshold_exit(void)
{
	pidle_dgov_unregister(&threshold_ops);
}

module_init(threshold_init);
module_exit(threshold_exit);
MODULE_DESCRIPTION("pseudo-cpuidle domain governor template: the deepest state that fits the next timer less a margin");
MODULE_LICENSE("GPL");
