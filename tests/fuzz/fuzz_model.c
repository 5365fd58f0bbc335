// SPDX-License-Identifier: GPL-2.0
/*
 * libFuzzer target: the domain-tree builder (pidle_model_create()) and the
 * hierarchy model on one thread with a fake clock, compared call by call
 * with the plain reference of ref_model.c.
 *
 * The input starts with the five lines of fuzz_parse.c (states=, empty
 * for the default table; topology=; the CPU count; wait=, which only the
 * driver uses and is ignored here; domain_policy=), then bytes:
 *
 *	FAULT		nonzero: first build once with allocation
 *			(FAULT - 1) % N + 1 of the build's N failing
 *	CPU ACT DT TIME	four bytes per operation, as many as follow
 *
 * Each operation first advances the clock by DT^3 * 10 ns. The CPU it acts
 * for read the clock (TIME & 15)^2 * 50 ns before that, as a CPU in the
 * kernel reads ktime before it reaches the model while others go ahead
 * (never earlier than that CPU's own last time, nor, entering, before its
 * exit-latency spin is over). TIME >> 4 is the next timer event,
 * (TIME >> 4)^3 * 5 us ahead, or none for 15. ACT >> 5 is the operation:
 *
 *	0-3	CPU % nr_cpus: busy, it enters its own state (ACT & 31) %
 *		its table's length (a set's table may be shorter: the
 *		model's slot of that state, as the driver maps it);
 *		idle, it exits; offline, it comes online
 *	4	the same, but a busy CPU goes offline instead
 *	5	every busy CPU enters that state, from CPU on (bounded per input)
 *	6	every idle CPU exits, from CPU on
 *	7	ACT & 3: reset all statistics; reset CPU's; reset its domain at
 *		level 1 + (ACT >> 2) % nr_levels; compare every statistic now
 *
 * A domain_policy line of "osi" or "osi-timer" builds the model in OSI
 * mode, with no governor or with a timer rule (fuzz_gov_select()) that
 * also takes the parents' sub_power_on_ns and a fake pending-IPI hook's
 * answers (ref_ipi_rule()), and power-off latencies of half the
 * power-on; the reference follows.
 *
 * The model is built with vote groups of 2, 3 or PIDLE_VGROUP_FANOUT
 * CPUs, as the number of operation bytes is 0, 1 or 2 modulo 3.
 *
 * After each exit the CPU records an overshoot of (TIME & 15) * 7 ns, as
 * the driver does. At the end every CPU is brought back busy. Topologies
 * of more than FUZZ_MAX_CPUS CPUs are left to fuzz_parse.c.
 *
 * Checked: the model's shape against the topology; every enter and exit
 * info, every domain's down state and every statistic equal to the
 * reference's (with the timer policy, each last man's aggregated next
 * timer equal to the reference's plain scan of the domain); independent of the reference, that a CPU never achieves
 * more than it asked for nor pays less than its fallback state or more
 * than its achieved state's latency (plus the read skew), that no
 * residency exceeds the elapsed time, and that at the end every domain
 * word is zero and no WARN fired. A build that fails returns -ENOMEM
 * (allocation) or pidle_config_check()'s -EINVAL and message (a table
 * that does not fit the topology), leaves its output alone and leaks
 * nothing (ASan).
 */
#include <errno.h>
#include <stdbool.h>
#include <linux/bug.h>
#include <linux/limits.h>
#include <linux/slab.h>
#include <pidle/model.h>
#include "../../drivers/model/pidle_model_priv.h"
#include "ref_model.h"
#include "fuzz.h"

#define SKEW_MAX_NS	(15 * 15 * 50ULL)
/*
 * The CPUs an operation's byte can name. A bigger machine runs the same
 * code, only slower (every size check sits at PIDLE_MAX_DOMAIN_CPUS, which
 * not even PIDLE_MAX_CPUS reaches); fuzz_parse.c covers the topologies.
 */
#define FUZZ_MAX_CPUS	256
/* CPU transitions that bulk operations may make per input (keeps it fast). */
#define BULK_BUDGET	(1u << 16)

enum cpu_status { CPU_BUSY, CPU_IDLE, CPU_OFFLINE };

struct fuzz_cpu {
	enum cpu_status status;
	u64 last_ns;	/* the CPU's own clock never goes back */
	u64 ready_ns;	/* end of its exit-latency spin */
};

struct fuzz {
	struct pidle_model *m;
	struct ref_model *r;
	struct fuzz_cpu *cpu;
	unsigned int nr_cpus, nr_states, nr_levels;
	enum pidle_policy policy;
	bool osi, osi_gov;
	u64 clock_ns;
	unsigned int bulk_left;
};

static void check_shape(const struct fuzz *f, const struct pidle_states *st,
			const struct pidle_topology *topo)
{
	const struct pidle_model *m = f->m;
	unsigned int s, l, cpu, d, sum;

	FUZZ_CHECK(pidle_model_nr_cpus(m) == topo->nr_cpus, "nr_cpus");
	FUZZ_CHECK(pidle_model_nr_states(m) == st->nr_states, "nr_states");
	FUZZ_CHECK(pidle_model_nr_levels(m) == topo->nr_levels, "nr_levels");
	FUZZ_CHECK(!strcmp(pidle_model_level_name(m, 0), PIDLE_LEVEL_CPU), "level 0");
	FUZZ_CHECK(pidle_model_nr_domains(m, 0) == topo->nr_cpus, "level 0 domains");
	for (s = 0; s < st->nr_states; s++) {
		l = pidle_model_state_level(m, s);
		FUZZ_CHECK(!memcmp(pidle_model_state(m, s), &st->state[s],
				   sizeof(st->state[s])), "state %u differs", s);
		FUZZ_CHECK(l <= topo->nr_levels &&
			   !strcmp(pidle_model_level_name(m, l), st->state[s].level_name),
			   "state %u at level %u", s, l);
	}
	for (l = 1; l <= topo->nr_levels; l++) {
		const struct pidle_topo_level *tl = &topo->level[l - 1];

		FUZZ_CHECK(!strcmp(pidle_model_level_name(m, l), tl->name), "level %u", l);
		FUZZ_CHECK(pidle_model_nr_domains(m, l) == tl->nr_domains, "level %u", l);
		for (cpu = 0; cpu < topo->nr_cpus; cpu++)
			FUZZ_CHECK(pidle_model_domain_of(m, l, cpu) == tl->domain_of_cpu[cpu],
				   "level %u CPU %u", l, cpu);
		for (d = 0, sum = 0; d < tl->nr_domains; d++) {
			unsigned int n = pidle_model_domain_nr_cpus(m, l, d);

			FUZZ_CHECK(n >= 1, "level %u domain %u empty", l, d);
			sum += n;
		}
		FUZZ_CHECK(sum == topo->nr_cpus, "level %u: %u CPUs in domains", l, sum);
	}
}

static void check_domains_of(const struct fuzz *f, unsigned int cpu)
{
	unsigned int l, dom, ms, rs;
	bool mdown, rdown;

	for (l = 0; l <= f->nr_levels; l++) {
		dom = pidle_model_domain_of(f->m, l, cpu);
		ms = rs = ~0u;
		mdown = pidle_model_domain_down(f->m, l, dom, &ms);
		rdown = ref_domain_down(f->r, l, dom, &rs);
		FUZZ_CHECK(mdown == rdown && ms == rs,
			   "level %u domain %u: model %s (%u), reference %s (%u)", l, dom,
			   mdown ? "down" : "up", ms, rdown ? "down" : "up", rs);
	}
}

/* Energy: the model's sums against the reference's, to the nanojoule. */
static void check_energy(const struct pidle_energy *me,
			 const struct pidle_energy *re, const char *what,
			 unsigned int level, unsigned int idx)
{
	FUZZ_CHECK(!memcmp(me, re, sizeof(*me)),
		   "%s %u/%u energy: total %llu/%llu idle %llu/%llu oracle %llu/%llu periods %llu/%llu elapsed %llu/%llu down %llu/%llu",
		   what, level, idx, me->total_nj, re->total_nj, me->idle_nj,
		   re->idle_nj, me->oracle_nj, re->oracle_nj, me->periods,
		   re->periods, me->elapsed_ns, re->elapsed_ns, me->down_ns,
		   re->down_ns);
	FUZZ_CHECK(me->oracle_nj <= me->idle_nj,
		   "%s %u/%u: oracle %llu nJ above actual %llu nJ", what, level,
		   idx, me->oracle_nj, me->idle_nj);
}

static void check_stats(const struct fuzz *f)
{
	struct pidle_energy me, re;
	struct pidle_cpu_stats mc, rc;
	struct pidle_domain_stats md, rd;
	unsigned int cpu, s, l, d;

	for (cpu = 0; cpu < f->nr_cpus; cpu++) {
		for (s = 0; s < f->nr_states; s++) {
			pidle_cpu_stats_read(f->m, cpu, s, &mc);
			ref_cpu_stats_read(f->r, cpu, s, &rc);
			FUZZ_CHECK(!memcmp(&mc, &rc, sizeof(mc)),
				   "CPU %u state %u: requested %llu/%llu achieved %llu/%llu demoted %llu/%llu latency %llu/%llu overshoot %llu/%llu max %llu/%llu",
				   cpu, s, mc.requested, rc.requested, mc.achieved, rc.achieved,
				   mc.demoted, rc.demoted, mc.latency_paid_ns, rc.latency_paid_ns,
				   mc.overshoot_ns, rc.overshoot_ns, mc.overshoot_max_ns,
				   rc.overshoot_max_ns);
		}
	}
	for (cpu = 0; cpu < f->nr_cpus; cpu++) {
		pidle_cpu_energy_read(f->m, cpu, f->clock_ns, &me);
		ref_cpu_energy_read(f->r, cpu, f->clock_ns, &re);
		check_energy(&me, &re, "CPU", 0, cpu);
	}
	for (l = 1; l <= f->nr_levels; l++) {
		for (d = 0; d < pidle_model_nr_domains(f->m, l); d++) {
			pidle_domain_energy_read(f->m, l, d, f->clock_ns, &me);
			ref_domain_energy_read(f->r, l, d, f->clock_ns, &re);
			check_energy(&me, &re, "domain", l, d);
			for (s = 0; s < f->nr_states; s++) {
				pidle_domain_stats_read(f->m, l, d, s, &md);
				ref_domain_stats_read(f->r, l, d, s, &rd);
				FUZZ_CHECK(!memcmp(&md, &rd, sizeof(md)),
					   "level %u domain %u state %u: usage %llu/%llu residency %llu/%llu too deep %llu/%llu rejected %llu/%llu latency %llu/%llu",
					   l, d, s, md.usage, rd.usage, md.residency_ns,
					   rd.residency_ns, md.too_deep, rd.too_deep,
					   md.rejected, rd.rejected, md.latency_paid_ns,
					   rd.latency_paid_ns);
			}
		}
	}
}

/* The CPU's view of the clock for this operation. */
static u64 cpu_now(struct fuzz *f, struct fuzz_cpu *c, u64 skew_ns,
		   bool entering)
{
	u64 t = f->clock_ns > skew_ns ? f->clock_ns - skew_ns : 0;

	if (t < c->last_ns)
		t = c->last_ns;
	if (entering && t < c->ready_ns)
		t = c->ready_ns;
	if (t > f->clock_ns)
		f->clock_ns = t;
	c->last_ns = t;
	return t;
}

static void do_enter(struct fuzz *f, unsigned int cpu, unsigned int state,
		     u64 skew_ns, u64 timer_ahead_ns)
{
	struct fuzz_cpu *c = &f->cpu[cpu];
	struct pidle_enter_info mi, ri;
	u64 now = cpu_now(f, c, skew_ns, true);
	u64 next = timer_ahead_ns == U64_MAX ? U64_MAX : now + timer_ahead_ns;
	unsigned int l;

	memset(&mi, 0xa5, sizeof(mi));
	pidle_enter(f->m, cpu, state, now, next, &mi);
	ref_enter(f->r, cpu, state, now, next, &ri);
	c->status = CPU_IDLE;
	FUZZ_CHECK(mi.down_levels == ri.down_levels &&
		   mi.rejected_levels == ri.rejected_levels,
		   "CPU %u enters %u at %llu: down %#x rejected %#x, reference %#x %#x",
		   cpu, state, now, mi.down_levels, mi.rejected_levels,
		   ri.down_levels, ri.rejected_levels);
	for (l = 1; l <= f->nr_levels; l++) {
		if (mi.down_levels & (1u << l)) {
			FUZZ_CHECK(mi.down_state[l] == ri.down_state[l],
				   "CPU %u: level %u down in %u, reference %u", cpu,
				   l, mi.down_state[l], ri.down_state[l]);
			/* Never in a state the domain's table lacks. */
			FUZZ_CHECK(pidle_model_domain_has_state(f->m, l,
					pidle_model_domain_of(f->m, l, cpu),
					mi.down_state[l]),
				   "CPU %u: level %u down in %u, which its table lacks",
				   cpu, l, mi.down_state[l]);
		}
		/* The aggregated inputs against the reference's plain scan. */
		if ((f->policy == PIDLE_POLICY_TIMER || f->osi_gov) &&
		    ((mi.down_levels | mi.rejected_levels) & (1u << l)))
			FUZZ_CHECK(mi.next_timer_ns[l] == ri.next_timer_ns[l] &&
				   mi.cpu_qos_ns[l] == ri.cpu_qos_ns[l],
				   "CPU %u: level %u last man's next timer %llu qos %lld, scan %llu %lld",
				   cpu, l, mi.next_timer_ns[l], (long long)mi.cpu_qos_ns[l],
				   ri.next_timer_ns[l], (long long)ri.cpu_qos_ns[l]);
	}
	check_domains_of(f, cpu);
}

/* Independent of the reference: what any exit must satisfy. */
static void check_exit_bounds(const struct fuzz *f, unsigned int cpu,
			      const struct pidle_exit_info *xi)
{
	const struct pidle_model *m = f->m;
	unsigned int fallback = xi->requested, voted = 0, l;


	while (pidle_model_state_level(m, fallback))
		fallback--;
	for (l = 1; l <= pidle_model_state_level(m, xi->requested); l++)
		voted |= 1u << l;
	/* A CPU's OSI vote goes up the levels. */
	if (f->osi)
		voted = ~0u;
	FUZZ_CHECK(xi->achieved >= fallback &&
		   (xi->achieved <= xi->requested || f->osi),
		   "CPU %u asked for %u, fallback %u, achieved %u", cpu,
		   xi->requested, fallback, xi->achieved);
	/* Tables of different lengths: only states its set has. */
	FUZZ_CHECK(pidle_model_cpu_has_state(m, cpu, xi->achieved) &&
		   pidle_model_cpu_has_state(m, cpu, fallback),
		   "CPU %u achieved %u (fallback %u), which its table lacks",
		   cpu, xi->achieved, fallback);
	/* The CPU's own table: its CPU set's, with a table per set. */
	FUZZ_CHECK(xi->latency_ns >= pidle_state_wake_latency_ns(pidle_model_cpu_state(m, cpu, fallback)) &&
		   xi->latency_ns <= pidle_state_wake_latency_ns(pidle_model_cpu_state(m, cpu, xi->achieved)) +
				     SKEW_MAX_NS,
		   "CPU %u achieved %u, paid %llu ns", cpu, xi->achieved, xi->latency_ns);
	FUZZ_CHECK(!(xi->up_levels & xi->wait_levels) &&
		   !((xi->up_levels | xi->wait_levels) & ~voted),
		   "CPU %u: up %#x wait %#x, voted %#x", cpu, xi->up_levels,
		   xi->wait_levels, voted);
	for (l = 1; l <= f->nr_levels; l++)
		if (xi->up_levels & (1u << l))
			FUZZ_CHECK(xi->up_residency_ns[l] <= f->clock_ns,
				   "CPU %u: level %u residency %llu ns, %llu ns elapsed",
				   cpu, l, xi->up_residency_ns[l], f->clock_ns);
}

static void do_exit(struct fuzz *f, unsigned int cpu, u64 skew_ns,
		    u64 overshoot_ns)
{
	struct fuzz_cpu *c = &f->cpu[cpu];
	struct pidle_exit_info mi, ri;
	u64 now = cpu_now(f, c, skew_ns, false);
	unsigned int l;

	memset(&mi, 0xa5, sizeof(mi));
	pidle_exit(f->m, cpu, now, &mi);
	ref_exit(f->r, cpu, now, &ri);
	c->status = CPU_BUSY;
	FUZZ_CHECK(mi.requested == ri.requested && mi.achieved == ri.achieved &&
		   mi.latency_ns == ri.latency_ns && mi.up_levels == ri.up_levels &&
		   mi.wait_levels == ri.wait_levels,
		   "CPU %u exits at %llu: requested %u achieved %u latency %llu up %#x wait %#x; reference %u %u %llu %#x %#x",
		   cpu, now, mi.requested, mi.achieved, mi.latency_ns, mi.up_levels,
		   mi.wait_levels, ri.requested, ri.achieved, ri.latency_ns,
		   ri.up_levels, ri.wait_levels);
	for (l = 1; l <= f->nr_levels; l++)
		if (mi.up_levels & (1u << l))
			FUZZ_CHECK(mi.up_state[l] == ri.up_state[l] &&
				   mi.up_residency_ns[l] == ri.up_residency_ns[l],
				   "CPU %u: level %u up from %u after %llu ns, reference %u %llu",
				   cpu, l, mi.up_state[l], mi.up_residency_ns[l],
				   ri.up_state[l], ri.up_residency_ns[l]);
	check_exit_bounds(f, cpu, &mi);
	c->ready_ns = now + mi.latency_ns;
	pidle_record_overshoot(f->m, cpu, mi.achieved, overshoot_ns);
	ref_record_overshoot(f->r, cpu, mi.achieved, overshoot_ns);
	check_domains_of(f, cpu);
}

static void do_offline(struct fuzz *f, unsigned int cpu, u64 skew_ns)
{
	struct fuzz_cpu *c = &f->cpu[cpu];
	u64 now = cpu_now(f, c, skew_ns, true);

	pidle_cpu_offline(f->m, cpu, now);
	ref_cpu_offline(f->r, cpu, now);
	c->status = CPU_OFFLINE;
	check_domains_of(f, cpu);
}

static void do_online(struct fuzz *f, unsigned int cpu, u64 skew_ns)
{
	struct fuzz_cpu *c = &f->cpu[cpu];
	u64 now = cpu_now(f, c, skew_ns, false);

	pidle_cpu_online(f->m, cpu, now);
	ref_cpu_online(f->r, cpu, now);
	c->status = CPU_BUSY;
	c->ready_ns = now;
	check_domains_of(f, cpu);
}

/* The model's state of @cpu's own state @raw modulo its table's length. */
static unsigned int fuzz_own_state(const struct fuzz *f, unsigned int cpu,
				   unsigned int raw)
{
	return pidle_model_cpu_slot(f->m, cpu,
				    raw % pidle_model_cpu_nr_own(f->m, cpu));
}

static void do_op(struct fuzz *f, const uint8_t op[4])
{
	unsigned int cpu = op[0] % f->nr_cpus, act = op[1] >> 5, i;
	unsigned int state = op[1] & 31;
	u64 dt = op[2], skew_ns = (u64)(op[3] & 15) * (op[3] & 15) * 50;
	u64 ahead = op[3] >> 4, timer_ahead_ns;

	f->clock_ns += dt * dt * dt * 10;
	timer_ahead_ns = ahead == 15 ? U64_MAX : ahead * ahead * ahead * 5000;

	if ((act == 5 || act == 6) && f->bulk_left < f->nr_cpus)
		act = 0;	/* over budget: a single toggle */
	switch (act) {
	case 0 ... 4:
		if (f->cpu[cpu].status == CPU_IDLE)
			do_exit(f, cpu, skew_ns, (op[3] & 15) * 7);
		else if (f->cpu[cpu].status == CPU_OFFLINE)
			do_online(f, cpu, skew_ns);
		else if (act == 4)
			do_offline(f, cpu, skew_ns);
		else
			do_enter(f, cpu, fuzz_own_state(f, cpu, state), skew_ns,
				 timer_ahead_ns);
		break;
	case 5:
	case 6:
		f->bulk_left -= f->nr_cpus;
		for (i = 0; i < f->nr_cpus; i++, cpu = (cpu + 1) % f->nr_cpus) {
			if (act == 5 && f->cpu[cpu].status == CPU_BUSY)
				do_enter(f, cpu, fuzz_own_state(f, cpu, state),
					 skew_ns, timer_ahead_ns);
			else if (act == 6 && f->cpu[cpu].status == CPU_IDLE)
				do_exit(f, cpu, skew_ns, (op[3] & 15) * 7);
		}
		break;
	case 7:
		switch (op[1] & 3) {
		case 0:
			pidle_stats_reset(f->m, f->clock_ns);
			ref_stats_reset(f->r, f->clock_ns);
			break;
		case 1:
			pidle_cpu_stats_reset(f->m, cpu, f->clock_ns);
			ref_cpu_stats_reset(f->r, cpu, f->clock_ns);
			break;
		case 2:
			if (f->nr_levels) {
				unsigned int l = 1 + (op[1] >> 2) % f->nr_levels;
				unsigned int d = pidle_model_domain_of(f->m, l, cpu);

				pidle_domain_stats_reset(f->m, l, d, f->clock_ns);
				ref_domain_stats_reset(f->r, l, d, f->clock_ns);
			}
			break;
		case 3:
			check_stats(f);
			break;
		}
		break;
	}
}

/* Every CPU busy again: every domain up, every vote withdrawn. */
static void check_quiescent(struct fuzz *f)
{
	unsigned int cpu, l, d, s;

	for (cpu = 0; cpu < f->nr_cpus; cpu++) {
		if (f->cpu[cpu].status == CPU_IDLE)
			do_exit(f, cpu, 0, 0);
		else if (f->cpu[cpu].status == CPU_OFFLINE)
			do_online(f, cpu, 0);
	}
	for (l = 1; l <= f->nr_levels; l++) {
		for (d = 0; d < f->m->level[l].nr_domains; d++) {
			const struct pidle_domain *dom = f->m->level[l].dom[d];
			/* Counters and flags; the count of exits is any. */
			u64 word = (u64)atomic64_read(&dom->root.word) &
				   (PIDLE_EXIT_ONE - 1);
			unsigned int g;

			FUZZ_CHECK(word == 0, "level %u domain %u: word %#llx with every CPU busy",
				   l, d, (unsigned long long)word);
			/* And every vote group below the root. */
			for (g = 0; g < dom->nr_groups; g++) {
				word = (u64)atomic64_read(&dom->groups[g].word) &
				       (PIDLE_EXIT_ONE - 1);
				FUZZ_CHECK(word == 0, "level %u domain %u group %u: word %#llx with every CPU busy",
					   l, d, g, (unsigned long long)word);
			}
			FUZZ_CHECK(!pidle_model_domain_down(f->m, l, d, &s),
				   "level %u domain %u down with every CPU busy", l, d);
		}
	}
	check_stats(f);
}

/*
 * A table that does not fit the topology, or not in order across its
 * levels (PC mode): the build refuses it as pidle_config_check() and
 * pidle_mode_check_sets() do, same message, output untouched.
 */
static bool check_build_refused(const struct pidle_states *st,
				const struct pidle_topology *topo,
				enum pidle_policy policy)
{
	struct pidle_model *sentinel = (struct pidle_model *)&sentinel, *m = sentinel;
	struct pidle_err check_err = { 0 }, err = { 0 };
	int check, ret;

	/* What pidle_model_create() (PC mode) checks, in its order. */
	check = pidle_config_check(st, topo, &check_err);
	if (!check)
		check = pidle_mode_check_sets(PIDLE_MODE_PC, st, &check_err);
	if (!check)
		return false;
	ret = pidle_model_create(st, topo, policy, &m, &err);
	FUZZ_CHECK(ret == check && m == sentinel && !strcmp(err.msg, check_err.msg),
		   "create returned %d (%s), the check %d (%s)", ret, err.msg,
		   check, check_err.msg);
	return true;
}

/* One failing allocation in the build: -ENOMEM, output untouched. */
static void check_build_enomem(const struct pidle_states *st,
			       const struct pidle_topology *topo,
			       enum pidle_policy policy, unsigned int fault)
{
	struct pidle_model *sentinel = (struct pidle_model *)&sentinel, *m = sentinel;
	struct pidle_err err = { 0 };
	unsigned long allocs = pidle_shim_allocs, n;
	int ret;

	ret = pidle_model_create(st, topo, policy, &m, &err);
	FUZZ_CHECK(!ret, "model create: %s", err.msg);
	pidle_model_destroy(m);
	n = pidle_shim_allocs - allocs;
	m = sentinel;
	pidle_shim_fail_alloc_at = pidle_shim_allocs + (fault - 1) % n + 1;
	ret = pidle_model_create(st, topo, policy, &m, &err);
	pidle_shim_fail_alloc_at = 0;
	FUZZ_CHECK(ret == -ENOMEM && m == sentinel,
		   "allocation %u of %lu failing: returned %d", (fault - 1) % (unsigned int)n + 1,
		   n, ret);
}

/*
 * OSI mode's governor here: the deepest state whose residency fits before
 * the domain's earliest timer less @in->sub_power_on_ns, else keep the
 * domain on; kept on, too, when the pending-IPI hook said known and
 * pending. The reference applies the same rules to its own scan, its
 * own sum of power-on latencies and its own question to ref_ipi_rule().
 */
static const struct ref_model *fuzz_ref;

static int fuzz_gov_select(struct pidle_dgov_domain *d,
			   const struct pidle_dgov_input *in)
{
	u64 budget = in->next_timer_ns > in->now_ns ?
		     in->next_timer_ns - in->now_ns : 0;
	int k;

	FUZZ_CHECK(in->sub_power_on_ns == ref_osi_sub_ns(fuzz_ref, d->level, d->id),
		   "level %u: sub_power_on_ns %llu, reference %llu", d->level,
		   (unsigned long long)in->sub_power_on_ns,
		   (unsigned long long)ref_osi_sub_ns(fuzz_ref, d->level, d->id));

	budget = budget > in->sub_power_on_ns ? budget - in->sub_power_on_ns : 0;
	for (k = in->deepest; k >= 0; k--)
		if (d->states[k].residency_ns <= budget)
			break;
	FUZZ_CHECK(in->ipi_known || !in->ipi_pending,
		   "ipi_pending without ipi_known");
	if (in->ipi_known && in->ipi_pending)
		return -1;
	return k;
}

/* The model's pending-IPI hook: ref_ipi_rule(), counting the questions. */
static bool fuzz_ipi_peek(void *data, const unsigned int *cpus,
			  unsigned int nr_cpus, bool *pending)
{
	unsigned int *calls = data;

	return ref_ipi_rule((*calls)++, cpus, nr_cpus, pending);
}

static const struct pidle_dgov_ops fuzz_gov = {
	.name = "fuzz", .select = fuzz_gov_select, .flags = PIDLE_DGOV_IPI,
};

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct pidle_topology topo;
	struct pidle_states st;
	struct pidle_err err;
	enum pidle_policy policy;
	struct pidle_model_opts opts = { 0 };
	struct fuzz f = { 0 };
	unsigned int ipi_calls = 0;
	const uint8_t *ops;
	const char *line[5];
	char *power;
	unsigned long nr_cpus;
	size_t nr_ops, i, j;
	char *copy;
	int ret;

	fuzz_split(data, size, &copy, line, 5, &ops, &nr_ops);
	pidle_shim_warnings = 0;
	nr_cpus = strtoul(line[2], NULL, 10);
	if (nr_cpus > FUZZ_MAX_CPUS)
		goto out_copy;
	if (pidle_topology_parse(line[1], nr_cpus, &topo, &err))
		goto out_copy;
	if (topo.nr_cpus > FUZZ_MAX_CPUS)
		goto out_topo;
	/* "STATES|POWER": the power= string rides on the states line. */
	power = strchr(line[0], '|');
	if (power)
		*power++ = '\0';
	if (line[0][0]) {
		if (pidle_states_parse(line[0], &st, &err))
			goto out_topo;
	} else {
		FUZZ_CHECK(!pidle_states_parse(pidle_default_states, &st, &err),
			   "default table: %s", err.msg);
		pidle_states_drop_missing_levels(&st, &topo);
	}
	if (power && pidle_power_parse(power, &st, &err))
		goto out_topo;
	/* "osi" or "osi-timer" for domain_policy: the OSI mode (see above). */
	if (!strncmp(line[4], "osi", 3)) {
		policy = PIDLE_POLICY_AUTO;
		f.osi = true;
		f.osi_gov = !strcmp(line[4], "osi-timer");
		if (!f.osi_gov && strcmp(line[4], "osi"))
			goto out_topo;
		/*
		 * Power-off latencies: half the power-on, domain states, in
		 * the table and in each CPU set's (a domain's states are its
		 * set's: the model builds from those).
		 */
		for (i = 0; i < st.nr_states; i++)
			if (strcmp(st.state[i].level_name, "cpu"))
				st.state[i].entry_latency_ns =
					st.state[i].exit_latency_ns / 2;
		for (j = 0; j < st.nr_sets; j++)
			for (i = 0; i < st.nr_states; i++)
				if (strcmp(st.set[j].state[i].level_name, "cpu"))
					st.set[j].state[i].entry_latency_ns =
						st.set[j].state[i].exit_latency_ns / 2;
	} else if (pidle_policy_parse(line[4], &policy, &err)) {
		goto out_topo;
	}
	if (check_build_refused(&st, &topo, policy))
		goto out_topo;

	if (nr_ops && ops[0])
		check_build_enomem(&st, &topo, policy, ops[0]);
	/* Vote groups of 2, 3 or the default, by the input's length. */
	opts.policy = policy;
	opts.vgroup_fanout = (unsigned int[]){ 0, 2, 3 }[nr_ops % 3];
	if (f.osi) {
		unsigned int lv;

		opts.mode = PIDLE_MODE_OSI;
		/* Asked only where a governor decides: else out of step. */
		opts.ipi_peek = fuzz_ipi_peek;
		opts.ipi_data = &ipi_calls;
		for (lv = 1; lv <= topo.nr_levels; lv++)
			opts.dgov[lv] = f.osi_gov ? &fuzz_gov : NULL;
	}
	ret = pidle_model_create_opts(&st, &topo, &opts, &f.m, &err);
	FUZZ_CHECK(!ret, "configuration passed the check, create returned %d: %s",
		   ret, err.msg);
	f.r = ref_create(&st, &topo, policy);
	if (f.r && f.osi)
		ref_set_osi(f.r, f.osi_gov);
	fuzz_ref = f.r;
	f.cpu = calloc(topo.nr_cpus, sizeof(*f.cpu));
	FUZZ_CHECK(f.r && f.cpu, "out of memory");
	f.nr_cpus = topo.nr_cpus;
	f.policy = policy;
	f.nr_states = st.nr_states;
	f.nr_levels = topo.nr_levels;
	f.bulk_left = BULK_BUDGET;
	check_shape(&f, &st, &topo);

	for (i = 1; i + 4 <= nr_ops; i += 4)
		do_op(&f, ops + i);
	check_quiescent(&f);
	FUZZ_CHECK(pidle_shim_warnings == 0, "%lu WARN_ON_ONCE fired", pidle_shim_warnings);

	free(f.cpu);
	ref_destroy(f.r);
	pidle_model_destroy(f.m);
out_topo:
	pidle_topology_free(&topo);
out_copy:
	free(copy);
	return 0;
}
