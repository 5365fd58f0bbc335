// SPDX-License-Identifier: GPL-2.0
/**
 * DOC: Open-loop replay
 *
 * Every entry and exit of the recorded periods, all CPUs merged in time
 * order, drives one governor and the model core as the kernel's idle loop
 * and the module's ->enter would: at an entry the governor's ->select
 * (with the sleep length, next tick, PM QoS and tick state the trace
 * gave), then pidle_enter(); at the wake-up pidle_exit(), which returns
 * the state achieved and the exit latency, then cpuidle_enter_state()'s
 * bookkeeping and the governor's ->reflect with the measured residency
 * (idle time plus that latency, as the kernel measures it around
 * ->enter). Open-loop: the recorded times stand whatever the replay
 * chooses; see Documentation/pidle-replay.rst for what that leaves out.
 *
 * In the OS-initiated mode (a table's mode = osi) the governor sees the
 * CPU-level states only, as cpuidle-psci does, and the model's domain
 * governors (the built-ins, by name) choose each domain's state at
 * last-man time from what the replay already gives the model: each CPU's
 * next hrtimer at its entry and the PM QoS CPU latency limit (the global
 * one, cpu_latency_qos_limit(); a trace records no per-CPU resume
 * latency, which is none).
 */
#include <errno.h>
#include <stdint.h>
#include <inttypes.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include "pidle_kgov.h"
#include "pidle_rp_run.h"

/* a CPU set is a driver to the governors: as many of one as of the other */
_Static_assert(PIDLE_KGOV_MAX_DRIVERS >= PIDLE_MAX_CPU_SETS,
	       "pidle_kgov holds fewer drivers than a table has CPU sets");

static double rp_now_s(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return ts.tv_sec + ts.tv_nsec / 1e9;
}

/* The CPU's earliest hrtimer at the entry, the tick's included. */
static inline u64 rp_next_hrtimer(const struct pidle_rp_period *p)
{
	return p->next_timer_ns < p->next_tick_ns ? p->next_timer_ns :
						    p->next_tick_ns;
}

/* The sleep length when no timer is pending: 10 s. */
#define RP_NO_TIMER_NS	10000000000ULL

struct rp_cpu_run {
	uint32_t period;	/* the one it is idle in */
	uint8_t state;		/* requested: its driver's index */
	uint8_t mstate;		/* ... the model's state (a slot) */
	bool tick_stopped;
	bool started;		/* its first entry was replayed */
};

static void rp_collect(struct pidle_model *m, const struct pidle_rp_trace *t,
		       u64 end_ns, struct pidle_rp_result *r)
{
	unsigned int l, d, s, ns = pidle_model_nr_states(m);

	r->nr_levels = pidle_model_nr_levels(m);
	for (l = 1; l <= r->nr_levels; l++) {
		struct pidle_rp_level *lv = &r->level[l];

		snprintf(lv->name, sizeof(lv->name), "%s",
			 pidle_model_level_name(m, l));
		lv->nr_domains = pidle_model_nr_domains(m, l);
		lv->first_state = ns;
		for (s = 0; s < ns; s++)
			if (pidle_model_state_level(m, s) == l) {
				if (lv->first_state == ns)
					lv->first_state = s;
				lv->nr_states++;
			}
		for (d = 0; d < lv->nr_domains; d++) {
			unsigned int down_state;
			bool down = pidle_model_domain_down(m, l, d, &down_state);

			for (s = lv->first_state;
			     s < lv->first_state + lv->nr_states; s++) {
				struct pidle_domain_stats ds;

				pidle_domain_stats_read(m, l, d, s, &ds);
				lv->st[s].usage += ds.usage;
				lv->st[s].too_deep += ds.too_deep;
				lv->st[s].rejected += ds.rejected;
				lv->st[s].above += ds.above;
				lv->st[s].below += ds.below;
				lv->st[s].latency_paid_ns += ds.latency_paid_ns;
				lv->residency_ns[s] +=
					pidle_domain_residency_ns(m, l, d, s, end_ns);
				lv->downs[s] += ds.usage +
					(down && down_state == s ? 1 : 0);
			}
		}
	}
	r->has_energy = pidle_model_has_energy(m);
	if (r->has_energy)
		pidle_subtree_energy_read(m, 0, 0, end_ns, &r->energy);
}

/* The model's state (slot) of driver @d's index @i: the same with one table. */
static unsigned int rp_slot(const struct pidle_rp_cell *cell, unsigned int d,
			    unsigned int i)
{
	return cell->st.nr_sets ? cell->st.set[d].slot[i] : i;
}

/*
 * The driver index of the state @cpu was idle in across the reset mark
 * (span state + 1): a module trace records the model's state, which a
 * shorter set's driver maps back; a state past its table, its deepest.
 */
static int rp_span_index(const struct pidle_rp_trace *t,
			 const struct pidle_rp_cell *cell,
			 const struct pidle_model *m, unsigned int cpu,
			 unsigned int own)
{
	unsigned int st = t->span[cpu].state - 1;
	int k;

	if (t->module && cell->st.nr_sets) {
		k = st < pidle_model_nr_states(m) ?
		    pidle_model_cpu_index(m, cpu, st) : -1;
		return k < 0 ? (int)own - 1 : k;
	}
	return st < own ? (int)st : (int)own - 1;
}

int pidle_rp_replay(const struct pidle_rp_trace *t,
		    const struct pidle_rp_cell *cell,
		    struct pidle_rp_result *r, char *err, size_t errlen)
{
	/*
	 * A driver per table: the one, or each CPU set's (pidle_kgov.h),
	 * driver d's states at ks[d * ns ...], nown[d] of them: a set's own
	 * length ("Tables of different lengths" in pidle_config_sets.c),
	 * its index i the model's state rp_slot(cell, d, i).
	 */
	struct pidle_kgov_state ks[PIDLE_MAX_CPU_SETS * PIDLE_MAX_STATES];
	unsigned int nown[PIDLE_MAX_CPU_SETS];
	unsigned int nr_drvs = cell->st.nr_sets ? cell->st.nr_sets : 1, d;
	unsigned int *drv_of = NULL;
	bool recorded = !strcmp(cell->governor, "recorded");
	unsigned int ns = cell->st.nr_states, s, cpu;
	struct rp_cpu_run *cr = NULL;
	struct pidle_kgov *g = NULL;
	struct pidle_model *m = NULL;
	struct pidle_err perr = { 0 };
	struct pidle_model_opts mo = { .policy = cell->policy,
				       .mode = cell->mode };
	u64 poll_limit_ns[PIDLE_MAX_CPU_SETS];
	unsigned int repeat = cell->repeat ? cell->repeat : 1, rep;
	u64 end_ns;
	double t0;
	size_t i;
	int ret = -1;

	memset(r, 0, sizeof(*r));
	r->nr_cpus = t->nr_cpus;
	r->span_ns = t->end_ns - t->start_ns;
	if (cell->topo.nr_cpus != t->nr_cpus) {
		snprintf(err, errlen, "table %s: its topology has %u CPUs, the trace %u",
			 cell->name, cell->topo.nr_cpus, t->nr_cpus);
		return -1;
	}
	if (cell->mode == PIDLE_MODE_OSI) {
		unsigned int l, nl = cell->topo.nr_levels;

		for (l = 1; l <= nl && l <= PIDLE_MAX_LEVELS; l++) {
			const char *name = pidle_dgov_name_of(&cell->dgov,
							      &cell->topo, l);

			mo.dgov[l] = pidle_dgov_builtin(name);
			if (!mo.dgov[l]) {
				snprintf(err, errlen, "table %s: domain_gov: '%s' is not a built-in domain governor",
					 cell->name, name);
				return -1;
			}
			snprintf(r->level[l].gov, sizeof(r->level[l].gov), "%s", name);
		}
		/* cpuidle shows the CPU-level states only */
		for (ns = 0; ns < cell->st.nr_states; ns++)
			if (strcmp(cell->st.state[ns].level_name, PIDLE_LEVEL_CPU))
				break;
	}
	r->nr_states = ns;
	if (pidle_model_create_opts(&cell->st, &cell->topo, &mo, &m, &perr)) {
		snprintf(err, errlen, "table %s: %s", cell->name, perr.msg);
		return -1;
	}
	for (d = 0; d < nr_drvs; d++) {
		const struct pidle_state_desc *tab = cell->st.nr_sets ?
			cell->st.set[d].state : cell->st.state;

		/* its own states: in OSI mode the CPU-level ones, as the module */
		nown[d] = cell->st.nr_sets ? cell->st.set[d].nr_own : ns;
		if (cell->st.nr_sets && cell->mode == PIDLE_MODE_OSI)
			for (nown[d] = 0; nown[d] < cell->st.set[d].nr_own; nown[d]++)
				if (rp_slot(cell, d, nown[d]) >= ns)
					break;
		for (s = 0; s < nown[d]; s++) {
			struct pidle_kgov_state *k = &ks[d * ns + s];
			unsigned int ms = rp_slot(cell, d, s);

			/* cpuidle's exit latency: entry + exit, as the module's */
			k->exit_latency_ns = pidle_state_wake_latency_ns(&tab[ms]);
			k->target_residency_ns = tab[ms].target_residency_ns;
			/* the module's rule: a state of exit latency 0 polls */
			k->polling = s == 0 && !k->exit_latency_ns;
			/* --disable names the model's states */
			k->disabled = cell->disabled >> ms & 1;
		}
		/* cpuidle_poll_time(): the first enabled deeper state's residency */
		poll_limit_ns[d] = ULLONG_MAX;
		for (s = 1; s < nown[d]; s++)
			if (!ks[d * ns + s].disabled) {
				poll_limit_ns[d] = ks[d * ns + s].target_residency_ns;
				break;
			}
	}
	drv_of = calloc(t->nr_cpus, sizeof(*drv_of));
	if (!drv_of) {
		snprintf(err, errlen, "out of memory");
		goto out;
	}
	for (cpu = 0; cpu < t->nr_cpus && cell->st.nr_sets; cpu++)
		drv_of[cpu] = pidle_model_set_of(m, cpu);
	/* the kernel's per-CPU variables are arrays of KSHIM_NR_CPUS here */
	if (!recorded && t->nr_cpus > pidle_kgov_max_cpus()) {
		snprintf(err, errlen, "governor '%s': the kernel's governors replay at most %u CPUs (the replay's NR_CPUS, tests/kshim/linux/percpu.h), the trace has %u; the governor recorded replays it",
			 cell->governor, pidle_kgov_max_cpus(), t->nr_cpus);
		goto out;
	}
	if (!recorded) {
		g = pidle_kgov_create_drivers(cell->gov_version, cell->governor,
					      t->nr_cpus, ks, ns, nr_drvs, drv_of,
					      cell->st.nr_sets ? nown : NULL,
					      t->hz);
		if (!g) {
			char names[64];

			pidle_kgov_names(names, sizeof(names));
			snprintf(err, errlen, "governor '%s': not one of %s recorded",
				 cell->governor, names);
			goto out;
		}
	}
	cr = calloc(t->nr_cpus, sizeof(*cr));
	if (!cr) {
		snprintf(err, errlen, "out of memory");
		goto out;
	}
	if (cell->selected)
		for (i = 0; i < t->nr_periods; i++)
			cell->selected[i] = PIDLE_RP_NOT_SELECTED;
	for (cpu = 0; cpu < t->nr_cpus; cpu++)
		if (t->cpu_mode[cpu] == PIDLE_RP_CPU_OFFLINE)
			pidle_cpu_offline(m, cpu, t->start_ns);
	pidle_stats_reset(m, t->start_ns);

	t0 = rp_now_s();
	/*
	 * --repeat (make bench): the trace again after itself, every time
	 * shifted by its span and a millisecond, the governors' and the
	 * model's state carried over.
	 */
	for (rep = 0; rep < repeat; rep++)
	for (i = 0; i < 2 * (t->nr_periods + t->nr_cut); i++) {
		uint32_t code = t->order[i];
		const struct pidle_rp_period *p0 = &t->period[code >> 1], *p;
		struct rp_cpu_run *c = &cr[p0->cpu];
		struct pidle_rp_period shifted;

		if (rep) {
			u64 d = rep * (t->end_ns - t->start_ns + 1000000);

			shifted = *p0;
			shifted.enter_ns += d;
			shifted.wake_ns += d;
			if (shifted.next_timer_ns != PIDLE_RP_NO_TIME)
				shifted.next_timer_ns += d;
			if (shifted.next_tick_ns != PIDLE_RP_NO_TIME)
				shifted.next_tick_ns += d;
			p = &shifted;
		} else {
			p = p0;
		}
		/*
		 * a period the trace's end cut: entered, its CPU idle to the
		 * end, counted nowhere; not repeated (its CPU never leaves)
		 */
		if ((p->flags & PIDLE_RP_F_CUT) && (repeat > 1 || !(code & 1)))
			continue;

		if (code & 1) {
			unsigned int st, ms, own = nown[drv_of[p->cpu]];
			s64 qos_ns;

			if (p->flags & PIDLE_RP_F_TASK_RAN)
				c->tick_stopped = false;
			if (recorded) {
				/*
				 * a module trace records the model's state
				 * (pidle_enter), cpu_idle the driver's index
				 */
				st = p->rec_state;
				if (t->module && cell->st.nr_sets) {
					int k = st < ns ? pidle_model_cpu_index(m, p->cpu, st) : -1;

					if (k < 0) {
						snprintf(err, errlen, "governor recorded: the trace enters state %u on CPU %u, which the table %s does not give its CPU set",
							 st, p->cpu, cell->name);
						goto out;
					}
					st = k;
				}
				if (st >= own) {
					snprintf(err, errlen, "governor recorded: the trace enters state %u on CPU %u, the table %s has %u states there",
						 st, p->cpu, cell->name, own);
					goto out;
				}
			} else {
				struct pidle_kgov_ctx ctx = {
					.now_ns = p->select_ns,
					.latency_req_ns = cell->qos_ns >= 0 ?
						cell->qos_ns : p->latency_req_ns,
					.tick_stopped = c->tick_stopped,
				};
				struct pidle_kgov_ctx near;
				u64 nh = rp_next_hrtimer(p);
				/*
				 * the sleep length is measured from the tick
				 * code's idle entry time, not the governor's
				 * call (tick_nohz_get_sleep_length())
				 */
				u64 from = p->select_ns - p->entry_lead_ns;
				bool stop, ab, be;

				/* idle across the reset: reflected first */
				/* (a recorded state past the table: its deepest) */
				if (!rep && !c->started && t->span[p->cpu].state)
					pidle_kgov_reflect(g, p->cpu,
							   rp_span_index(t, cell, m, p->cpu, own),
							   p->select_ns,
							   t->span[p->cpu].residency_ns,
							   false, false, &ab, &be);
				c->started = true;

				/*
				 * no timer known: the kernel's answer is bounded
				 * (the clockevent's largest delta, seconds); as
				 * much, not KTIME_MAX, which menu's arithmetic
				 * does not expect
				 */
				ctx.sleep_length_ns =
					p->next_timer_ns == PIDLE_RP_NO_TIME ? RP_NO_TIMER_NS :
					p->next_timer_ns > from ?
					p->next_timer_ns - from : 0;
				/* delta_next: to the clockevent's next event */
				ctx.delta_tick_ns = nh == PIDLE_RP_NO_TIME ?
					ctx.sleep_length_ns :
					nh > from ? nh - from : 0;
				/*
				 * a tick the recorded kernel kept running: the
				 * governor kept it (and tick_nohz_get_sleep_length()
				 * answered the next timer event), or the kernel
				 * could not stop it (a timer-wheel event, RCU:
				 * it answered the clockevent's next event, the
				 * tick). Whichever the governor's own choice
				 * agrees with (pidle_kgov_select_either())
				 */
				near = ctx;
				if ((p->flags & PIDLE_RP_F_TICK_RUNNING) &&
				    nh != PIDLE_RP_NO_TIME && nh > from &&
				    nh - from < ctx.sleep_length_ns)
					near.sleep_length_ns = nh - from;
				if (near.sleep_length_ns != ctx.sleep_length_ns &&
				    !ctx.tick_stopped)
					st = pidle_kgov_select_either(g, p->cpu, &ctx,
								      &near, &stop);
				else
					st = pidle_kgov_select(g, p->cpu, &near, &stop);
				ctx = near.sleep_length_ns == ctx.sleep_length_ns ||
				      stop ? near : ctx;
				if (st >= own) {
					snprintf(err, errlen, "governor %s chose state %u of a table of %u: a bug",
						 cell->governor, st, own);
					goto out;
				}
				if (cell->selected && !rep && (code >> 1) < t->nr_periods)
					cell->selected[code >> 1] =
						(int)rp_slot(cell, drv_of[p->cpu], st);
				if (cell->periods && !(p->flags & PIDLE_RP_F_CUT))
					fprintf(cell->periods, "%u %llu %lld %lld %lld %d %u %u %u %s\n",
						p->cpu, p->enter_ns,
						p->wake_ns == PIDLE_RP_NO_TIME ? -1LL :
						(long long)(p->wake_ns - p->enter_ns),
						(long long)ctx.sleep_length_ns,
						(long long)ctx.delta_tick_ns,
						ctx.tick_stopped, p->rec_state,
						rp_slot(cell, drv_of[p->cpu], st),
						p->rec_achieved, pidle_rp_src_name[p->src]);
				/*
				 * tick_nohz_idle_stop_tick(): the tick stops
				 * only when the next event is beyond a tick
				 * period (tick_nohz_next_event())
				 */
				if ((stop || c->tick_stopped) &&
				    ctx.sleep_length_ns > 1000000000ULL / t->hz)
					c->tick_stopped = true;
				/*
				 * and only where the recorded kernel could stop
				 * it: a tick running at the recorded entry was
				 * kept by the governor or by the kernel (a
				 * timer-wheel event, RCU, irq_work within the
				 * tick), which the trace cannot tell apart
				 */
				if (p->flags & PIDLE_RP_F_TICK_RUNNING)
					c->tick_stopped = false;
			}
			/* the model's state of the driver's index */
			ms = rp_slot(cell, drv_of[p->cpu], st);
			c->state = st;
			c->mstate = ms;
			c->period = code >> 1;
			/* (a period the trace's end cut: counted nowhere) */
			if (!(p->flags & PIDLE_RP_F_CUT)) {
				r->requested[ms]++;
				r->periods++;
			}
			if (p->flags & PIDLE_RP_F_ABORTED) {
				bool above, below;

				pidle_record_aborted(m, p->cpu, ms);
				r->requested_aborted[ms]++;
				r->aborted++;
				r->src[PIDLE_RP_SRC_ABORTED]++;
				/*
				 * the driver returned at once: the cpuidle
				 * core counts its misses all the same
				 */
				if (g) {
					pidle_kgov_reflect(g, p->cpu, st, p->wake_ns,
							   p->wake_ns - p->enter_ns,
							   false, false, &above, &below);
					r->above[st] += above;
					r->below[st] += below;
				}
				continue;
			}
			/*
			 * the PM QoS limit the governor had, for the OSI
			 * domain governors; then dev->next_hrtimer, as the
			 * module passes it
			 */
			qos_ns = cell->qos_ns >= 0 ? cell->qos_ns : p->latency_req_ns;
			pidle_model_set_global_qos(m, qos_ns >= PIDLE_RP_NO_QOS_NS ?
						   INT64_MAX : qos_ns);
			pidle_enter(m, p->cpu, ms, p->enter_ns, rp_next_hrtimer(p),
				    NULL);
		} else {
			struct pidle_exit_info xi;
			bool above, below;
			u64 idle_ns;

			if (p->flags & PIDLE_RP_F_ABORTED)
				continue;
			pidle_exit(m, p->cpu, p->wake_ns, &xi);
			idle_ns = p->wake_ns - p->enter_ns;
			r->wakeups++;
			r->latency_ns += xi.latency_ns;
			if (xi.latency_ns > r->latency_max_ns)
				r->latency_max_ns = xi.latency_ns;
			r->achieved[xi.achieved]++;
			r->residency_ns[xi.achieved] += idle_ns;
			r->src[p->src]++;
			r->src_latency_ns[p->src] += xi.latency_ns;
			if (g) {
				pidle_kgov_reflect(g, p->cpu, c->state,
						   p->wake_ns + xi.latency_ns + p->overhead_ns,
						   idle_ns + xi.latency_ns + p->overhead_ns,
						   p->flags & PIDLE_RP_F_GOT_TICK,
						   c->state == 0 &&
						   ks[drv_of[p->cpu] * ns].polling &&
						   idle_ns > poll_limit_ns[drv_of[p->cpu]],
						   &above, &below);
				r->above[c->mstate] += above;
				r->below[c->mstate] += below;
			}
		}
	}
	r->run_s = rp_now_s() - t0;
	end_ns = t->end_ns + (repeat - 1) * (t->end_ns - t->start_ns + 1000000);
	r->span_ns = end_ns - t->start_ns;
	rp_collect(m, t, end_ns, r);
	ret = 0;
out:
	free(cr);
	pidle_kgov_destroy(g);
	free(drv_of);
	pidle_model_destroy(m);
	return ret;
}
