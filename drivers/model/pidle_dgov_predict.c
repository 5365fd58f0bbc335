// SPDX-License-Identifier: GPL-2.0
/*
 * pseudo-cpuidle: the "predict" domain governor.
 */
#include <linux/errno.h>
#include <linux/kernel.h>
#include <linux/limits.h>
#include <linux/math64.h>
#include <linux/slab.h>
#include <pidle/dgov.h>

/**
 * DOC: predict: from the domain's past residencies, as vendors' cluster governors
 *
 * Modelled on Qualcomm's cluster LPM governor (drivers/cpuidle/lpm-levels.c
 * of the msm-4.x Android kernels: cluster_select(), cluster_predict(),
 * update_cluster_history()), which chooses a cluster's low-power mode
 * from the cluster's next timer and its own history:
 *
 * - The domain keeps its last %PIDLE_PREDICT_SAMPLES down periods: the
 *   state and how long it lasted (MAXSAMPLES is 5 there as here). A
 *   sample older than %PIDLE_PREDICT_STALE_NS at decision time no longer
 *   counts (there: CLUST_SMPL_INVLD_TIME); prediction needs a full,
 *   fresh history.
 * - A state is *failing* when more than %PIDLE_PREDICT_SAMPLES - 2 of the
 *   samples were premature exits from it (shorter than its power-off
 *   latency plus residency): the shallowest failing state, from state 1
 *   up (state 0 is never restricted, as there), gives the prediction,
 *   the mean length of its premature periods. The idle duration taken
 *   is the smaller of the next timer's and the prediction.
 * - Then, as genpd does (and as cluster_select() does with its
 *   time_overhead_us and latency checks), the deepest state whose
 *   residency plus power-off latency fits the idle duration and whose
 *   power-on plus power-off latency fits the QoS (the smaller of the
 *   global and per-CPU); none, or the idle duration not positive:
 *   rejected. A pending IPI (when known) rejects, as lpm-levels'
 *   cluster_configure() refuses with is_IPI_pending().
 *
 * What is left out: lpm-levels arms a timer when it chose a shallower
 * mode on a prediction (clusttimer_start()), so that a wrong prediction
 * ends soon and the cluster can go deeper; the model arms no timers for
 * a governor, and here staleness alone retires a wrong history. The
 * other flavour of its prediction (the mean of all samples when they
 * vary little, lpm_cpuidle_predict()'s) is the per-CPU governor's there
 * and is not taken.
 */

#define PIDLE_PREDICT_SAMPLES	5
#define PIDLE_PREDICT_STALE_NS	(40 * 1000 * 1000ULL)

struct pidle_predict {
	u64 residency_ns[PIDLE_PREDICT_SAMPLES];
	u64 entered_ns[PIDLE_PREDICT_SAMPLES];
	int state[PIDLE_PREDICT_SAMPLES];
	unsigned int next;		/* the slot the next sample takes */
	unsigned int nr;		/* samples held, at most SAMPLES */
	u64 entry_ns;			/* the current down period's start */
};

static int pidle_predict_attach(struct pidle_dgov_domain *d)
{
	d->priv = kzalloc(sizeof(struct pidle_predict), GFP_KERNEL);
	return d->priv ? 0 : -ENOMEM;
}

static void pidle_predict_detach(struct pidle_dgov_domain *d)
{
	kfree(d->priv);
	d->priv = NULL;
}

/* The predicted idle duration, or S64_MAX for no prediction. */
static s64 pidle_predict_ns(const struct pidle_dgov_domain *d,
			    const struct pidle_predict *p, u64 now_ns)
{
	unsigned int i, j;

	if (p->nr < PIDLE_PREDICT_SAMPLES)
		return S64_MAX;
	for (i = 0; i < PIDLE_PREDICT_SAMPLES; i++)
		if (now_ns - p->entered_ns[i] > PIDLE_PREDICT_STALE_NS)
			return S64_MAX;

	for (j = 1; j < d->nr_states; j++) {
		const struct pidle_dgov_state *s = &d->states[j];
		u64 total_ns = 0;
		unsigned int failed = 0;

		for (i = 0; i < PIDLE_PREDICT_SAMPLES; i++) {
			if (p->state[i] == (int)j &&
			    p->residency_ns[i] < s->power_off_latency_ns +
						 s->residency_ns) {
				failed++;
				total_ns += p->residency_ns[i];
			}
		}
		if (failed > PIDLE_PREDICT_SAMPLES - 2)
			return div_u64(total_ns, failed);
	}
	return S64_MAX;
}

static int pidle_predict_select(struct pidle_dgov_domain *d,
				const struct pidle_dgov_input *in)
{
	struct pidle_predict *p = d->priv;
	s64 idle_ns, qos_ns;
	int i;

	if (!d->nr_states)
		return -1;
	i = min(in->deepest, d->nr_states - 1);
	idle_ns = in->next_timer_ns > (u64)S64_MAX ? S64_MAX :
		  (s64)in->next_timer_ns;
	idle_ns -= (s64)in->now_ns;
	idle_ns = min(idle_ns, pidle_predict_ns(d, p, in->now_ns));
	if (idle_ns <= 0)
		return -1;

	qos_ns = min(in->cpu_qos_ns, in->global_qos_ns);
	i = pidle_dgov_fit(d, i, idle_ns, qos_ns);
	if (i < 0 || (in->ipi_known && in->ipi_pending))
		return -1;
	p->entry_ns = in->now_ns;
	return i;
}

static void pidle_predict_reflect(struct pidle_dgov_domain *d, int state,
				  u64 residency_ns)
{
	struct pidle_predict *p = d->priv;

	p->state[p->next] = state;
	p->residency_ns[p->next] = residency_ns;
	p->entered_ns[p->next] = p->entry_ns;
	p->next = (p->next + 1) % PIDLE_PREDICT_SAMPLES;
	if (p->nr < PIDLE_PREDICT_SAMPLES)
		p->nr++;
}

const struct pidle_dgov_ops pidle_dgov_predict = {
	.name		= "predict",
	.flags		= PIDLE_DGOV_IPI,
	.attach		= pidle_predict_attach,
	.detach		= pidle_predict_detach,
	.select		= pidle_predict_select,
	.reflect	= pidle_predict_reflect,
};
