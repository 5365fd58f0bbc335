// SPDX-License-Identifier: GPL-2.0
/*
 * The genpd CPU governor, the kernel's own against our port (Documentation/design.rst,
 * section 11). This file is linked with one kernel's governor.c, compiled
 * unchanged against tests/kshim/, and with the model core's ports
 * (drivers/model/pidle_dgov_genpd.c). It plays the parts of the genpd
 * core and of cpuidle: builds CPU domains (one level, or a parent over
 * two or three subdomains) with random state tables, runs sequences of
 * decisions on them with random timers, QoS constraints (global and per
 * CPU, changing between decisions as genpd's QoS notifier sees them),
 * online masks and pending IPIs, and requires each decision of the
 * kernel's pm_domain_cpu_gov.power_down_ok() (the state index, or no)
 * to be the port's ->select()'s.
 *
 * The kernel's side of each decision, as the genpd core and PSCI drive it:
 * every CPU device of the domain runtime-suspends first (its ->suspend_ok(),
 * the kernel's default_suspend_ok(), with no measured latencies: the
 * model has none); if one refuses, the domain is never asked (a
 * rejection). A parent is asked only when every subdomain went down in
 * its deepest state (the rule of the model's OSI mode).
 *
 * What the generator keeps consistent with the model's inputs: offline
 * CPUs carry no QoS constraint (the kernel's QoS step reads every device,
 * the timer step online CPUs only; the model aggregates online CPUs), and
 * each domain has at least one online CPU.
 *
 * Usage: equiv [INPUTS [SEED]]; prints what it compared and ends with
 * "1 passed, 0 failed" or the first mismatches and "0 passed, 1 failed".
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <linux/kernel.h>
#include <linux/cpu.h>
#include <linux/cpuidle.h>
#include <linux/pm_domain.h>
#include <linux/pm_qos.h>
#include <linux/smp.h>
#include <pidle/dgov.h>

#ifndef KSRC_NAME
#error "KSRC_NAME: the kernel source's name, e.g. \"linux-source-6.12\""
#endif
#ifndef KSRC_PORT
#error "KSRC_PORT: the port's ops, e.g. pidle_dgov_genpd_6_12"
#endif

#define MAX_CHILDREN	3
#define MAX_DOM_CPUS	8
#define STEPS		12	/* decisions per sequence (each domain) */

/* --- the kernel's world, as the kshim headers declare it --- */

struct cpumask __kshim_cpu_online_mask;
DEFINE_PER_CPU(struct cpuidle_device *, cpuidle_devices);

static ktime_t now;
static s32 global_qos_us;
static s32 cpu_qos_us[NR_CPUS];
static struct cpumask ipi_mask;
static struct device cpu_dev[NR_CPUS];
static struct cpuidle_device idle_dev[NR_CPUS];

ktime_t ktime_get(void)
{
	return now;
}

s32 cpu_latency_qos_limit(void)
{
	return global_qos_us;
}

static s32 dev_qos(struct device *dev)
{
	return cpu_qos_us[dev - cpu_dev];
}

s32 __dev_pm_qos_resume_latency(struct device *dev)
{
	return dev_qos(dev);
}

s32 dev_pm_qos_raw_resume_latency(struct device *dev)
{
	return dev_qos(dev);
}

s32 dev_pm_qos_read_value(struct device *dev, enum dev_pm_qos_req_type type)
{
	return type == DEV_PM_QOS_RESUME_LATENCY ? dev_qos(dev) : 0;
}

struct device *get_cpu_device(unsigned int cpu)
{
	return &cpu_dev[cpu];
}

/* A CPU's device has no children. */
int device_for_each_child(struct device *dev, void *data,
			  int (*fn)(struct device *dev, void *data))
{
	return 0;
}

bool cpus_peek_for_pending_ipi(const struct cpumask *mask)
{
	return (mask->bits & ipi_mask.bits) != 0;
}

/* --- the domains --- */

struct dom {
	struct generic_pm_domain genpd;
	struct genpd_governor_data gd;
	struct genpd_power_state kstates[PIDLE_MAX_DOMAIN_STATES];
	struct pidle_dgov_state states[PIDLE_MAX_DOMAIN_STATES];
	struct pidle_dgov_domain d;
	unsigned int first_cpu, nr_cpus;	/* its own CPUs (level 1) */
	bool qos_changed;			/* since its last ->select() */
};

static struct dom children[MAX_CHILDREN], parent;
static struct gpd_link links[MAX_CHILDREN];
static struct gpd_timing_data td[NR_CPUS];
static struct generic_pm_domain_data gpd_data[NR_CPUS];
static struct pm_subsys_data subsys[NR_CPUS];

static u64 rng_state;

static u64 rnd(void)
{
	/* xorshift64*: reproducible from the seed */
	rng_state ^= rng_state >> 12;
	rng_state ^= rng_state << 25;
	rng_state ^= rng_state >> 27;
	return rng_state * 0x2545F4914F6CDD1DULL;
}

static u64 rnd_below(u64 n)
{
	return rnd() % n;
}

/* Latencies and residencies: round values (ties), sometimes any ns. */
static s64 rnd_time_ns(void)
{
	static const s64 us[] = {
		0, 1, 2, 5, 10, 20, 50, 100, 150, 200, 500, 700, 1000, 2000,
		5000, 10000,
	};

	if (rnd_below(10) == 0)
		return rnd_below(20 * 1000 * 1000);
	return us[rnd_below(ARRAY_SIZE(us))] * 1000;
}

static void init_dom(struct dom *m, unsigned int level, unsigned int id)
{
	unsigned int i;

	memset(&m->genpd, 0, sizeof(m->genpd));
	INIT_LIST_HEAD(&m->genpd.parent_links);
	INIT_LIST_HEAD(&m->genpd.child_links);
	INIT_LIST_HEAD(&m->genpd.dev_list);
	/* genpd_alloc_data() */
	memset(&m->gd, 0, sizeof(m->gd));
	m->gd.max_off_time_ns = -1;
	m->gd.max_off_time_changed = true;
	m->gd.next_wakeup = KTIME_MAX;
	m->gd.next_hrtimer = KTIME_MAX;
	m->genpd.gd = &m->gd;
	m->genpd.gov = &pm_domain_cpu_gov;
	m->genpd.flags = GENPD_FLAG_CPU_DOMAIN;
	m->genpd.states = m->kstates;
	m->genpd.state_count = 1 + rnd_below(PIDLE_MAX_DOMAIN_STATES);
	for (i = 0; i < m->genpd.state_count; i++) {
		m->kstates[i] = (struct genpd_power_state) {
			.power_off_latency_ns = rnd_time_ns(),
			.power_on_latency_ns = rnd_time_ns(),
			.residency_ns = rnd_time_ns(),
		};
		m->states[i] = (struct pidle_dgov_state) {
			.power_off_latency_ns = m->kstates[i].power_off_latency_ns,
			.power_on_latency_ns = m->kstates[i].power_on_latency_ns,
			.residency_ns = m->kstates[i].residency_ns,
		};
	}
	m->d = (struct pidle_dgov_domain) {
		.level = level, .id = id,
		.nr_states = m->genpd.state_count, .states = m->states,
	};
	m->qos_changed = false;
}

/* A CPU device in @m's domain, as genpd_add_device() leaves it. */
static void add_cpu(struct dom *m, unsigned int cpu)
{
	memset(&cpu_dev[cpu], 0, sizeof(cpu_dev[cpu]));
	memset(&td[cpu], 0, sizeof(td[cpu]));
	td[cpu].constraint_changed = true;
	td[cpu].effective_constraint_ns = PM_QOS_RESUME_LATENCY_NO_CONSTRAINT_NS;
	td[cpu].next_wakeup = KTIME_MAX;
	gpd_data[cpu].td = &td[cpu];
	gpd_data[cpu].base.dev = &cpu_dev[cpu];
	subsys[cpu].domain_data = &gpd_data[cpu].base;
	cpu_dev[cpu].power.subsys_data = &subsys[cpu];
	list_add_tail(&gpd_data[cpu].base.list_node, &m->genpd.dev_list);
	cpumask_set_cpu(cpu, m->genpd.cpus);
	idle_dev[cpu].cpu = cpu;
	per_cpu(cpuidle_devices, cpu) = &idle_dev[cpu];
}

/* --- the inputs --- */

static unsigned int nr_children, nr_cpus;

static s32 rnd_qos_us(const struct dom *m)
{
	unsigned int r = rnd_below(20);

	if (r < 9)
		return PM_QOS_RESUME_LATENCY_NO_CONSTRAINT;
	if (r == 9)
		return 0;
	if (r < 15) {
		/* at a state's off+on, or one off it: the comparisons' edges */
		const struct genpd_power_state *s =
			&m->kstates[rnd_below(m->genpd.state_count)];
		s64 us = (s->power_off_latency_ns + s->power_on_latency_ns) / 1000 +
			 (s64)rnd_below(3) - 1;

		return us < 0 ? 0 : us;
	}
	return rnd_below(25000);
}

static ktime_t rnd_timer(const struct dom *m)
{
	unsigned int r = rnd_below(20);

	if (r == 0)
		return KTIME_MAX;
	if (r < 8) {
		/* at a state's residency + power-off, or 1 ns off it */
		const struct genpd_power_state *s =
			&m->kstates[rnd_below(m->genpd.state_count)];

		return now + s->residency_ns + s->power_off_latency_ns +
		       (s64)rnd_below(3) - 1;
	}
	return now - 1000000 + (s64)rnd_below(31000000);
}

static struct dom *cpu_dom(unsigned int cpu)
{
	unsigned int c;

	for (c = 0; c < nr_children; c++)
		if (cpumask_test_cpu(cpu, children[c].genpd.cpus))
			return &children[c];
	return &parent;
}

/* Change what changes between two decisions. */
static void mutate(bool first)
{
	unsigned int cpu;

	now += 1 + rnd_below(50000000);
	if (first || rnd_below(4) == 0)
		global_qos_us = rnd_below(2) ? PM_QOS_RESUME_LATENCY_NO_CONSTRAINT :
				rnd_qos_us(nr_children ? &children[0] : &parent);
	ipi_mask.bits = 0;
	for (cpu = 0; cpu < nr_cpus; cpu++) {
		struct dom *m = cpu_dom(cpu);
		s32 qos = cpu_qos_us[cpu];

		idle_dev[cpu].next_hrtimer = rnd_timer(m);
		if (first || rnd_below(8) == 0) {
			if (rnd_below(6) == 0)
				cpumask_clear_cpu(cpu, &__kshim_cpu_online_mask);
			else
				cpumask_set_cpu(cpu, &__kshim_cpu_online_mask);
		}
		if (!cpumask_test_cpu(cpu, cpu_online_mask))
			qos = PM_QOS_RESUME_LATENCY_NO_CONSTRAINT;
		else if (first || rnd_below(6) == 0)
			qos = rnd_qos_us(m);
		if (qos != cpu_qos_us[cpu] || first) {
			cpu_qos_us[cpu] = qos;
			/* genpd_dev_pm_qos_notifier() */
			td[cpu].constraint_changed = true;
			m->gd.max_off_time_changed = true;
			m->qos_changed = true;
			parent.qos_changed = true;
		}
		if (cpumask_test_cpu(cpu, cpu_online_mask) && rnd_below(8) == 0)
			cpumask_set_cpu(cpu, &ipi_mask);
	}
	/* every domain keeps an online CPU (an offline one has no QoS) */
	for (cpu = 0; cpu < nr_cpus; cpu++) {
		struct dom *m = cpu_dom(cpu);
		unsigned int c, online = 0;

		for_each_cpu_and(c, m->genpd.cpus, cpu_online_mask)
			online++;
		if (!online)
			cpumask_set_cpu(cpu, &__kshim_cpu_online_mask);
	}
}

/* The model's aggregation of @m's CPUs' state, as pidle_dgov_input. */
static struct pidle_dgov_input input(struct dom *m, u64 sub_power_on_ns)
{
	struct pidle_dgov_input in = {
		.now_ns = now,
		.next_timer_ns = U64_MAX,
		.cpu_qos_ns = S64_MAX,
		.global_qos_ns = global_qos_us == PM_QOS_RESUME_LATENCY_NO_CONSTRAINT ?
				 S64_MAX : global_qos_us * 1000LL,
		.ipi_known = true,
		.deepest = m->genpd.state_count - 1,
		.sub_power_on_ns = sub_power_on_ns,
		.qos_changed = m->qos_changed,
	};
	unsigned int cpu;

	for_each_cpu(cpu, m->genpd.cpus) {
		if (!cpumask_test_cpu(cpu, cpu_online_mask))
			continue;
		if (idle_dev[cpu].next_hrtimer != KTIME_MAX &&
		    (u64)idle_dev[cpu].next_hrtimer < in.next_timer_ns)
			in.next_timer_ns = idle_dev[cpu].next_hrtimer;
		if (cpu_qos_us[cpu] != PM_QOS_RESUME_LATENCY_NO_CONSTRAINT &&
		    cpu_qos_us[cpu] * 1000LL < in.cpu_qos_ns)
			in.cpu_qos_ns = cpu_qos_us[cpu] * 1000LL;
		if (cpumask_test_cpu(cpu, &ipi_mask))
			in.ipi_pending = true;
	}
	return in;
}

/* --- the comparison --- */

static unsigned long compared, mismatches, decided[PIDLE_MAX_DOMAIN_STATES + 1];
static unsigned long level2, cached, ipi_rejects;

static int kernel_decide(struct dom *m)
{
	struct pm_domain_data *pdd;
	bool ok;

	/* each CPU device runtime-suspends first: genpd_runtime_suspend() */
	list_for_each_entry(pdd, &m->genpd.dev_list, list_node)
		if (!m->genpd.gov->suspend_ok(pdd->dev))
			return -1;
	if (!m->gd.max_off_time_changed)
		cached++;
	ok = m->genpd.gov->power_down_ok(&m->genpd.domain);
	return ok ? (int)m->genpd.state_idx : -1;
}

static void report(const struct dom *m, const struct pidle_dgov_input *in,
		   int kernel, int port)
{
	unsigned int i;

	if (++mismatches > 5)
		return;
	printf("MISMATCH at decision %lu: %s says %d, %s says %d\n", compared,
	       KSRC_NAME, kernel, KSRC_PORT.name, port);
	printf("  level %u, now %lld, next timer %llu, cpu qos %lld, global qos %lld, "
	       "ipi %d, sub power-on %llu, qos changed %d\n", m->d.level,
	       (long long)in->now_ns, in->next_timer_ns, in->cpu_qos_ns,
	       in->global_qos_ns, in->ipi_pending, in->sub_power_on_ns,
	       in->qos_changed);
	for (i = 0; i < m->d.nr_states; i++)
		printf("  state %u: off %llu on %llu residency %llu\n", i,
		       m->states[i].power_off_latency_ns,
		       m->states[i].power_on_latency_ns, m->states[i].residency_ns);
}

static int decide(struct dom *m, u64 sub_power_on_ns)
{
	struct pidle_dgov_input in = input(m, sub_power_on_ns);
	int kernel = kernel_decide(m);
	int port = KSRC_PORT.select(&m->d, &in);

#ifdef KSRC_COMPOSE_IPI_VETO
	/*
	 * Mainline's cpu_power_down_ok() is 6.12's with one addition: once a
	 * state is found, cpus_peek_for_pending_ipi(genpd->cpus) says no.
	 */
	if (kernel >= 0 && cpus_peek_for_pending_ipi(m->genpd.cpus))
		kernel = -1;
#endif
	m->qos_changed = false;
	if (kernel != port)
		report(m, &in, kernel, port);
	if (kernel < 0 && in.ipi_pending)
		ipi_rejects++;
	decided[kernel + 1]++;
	compared++;
	return kernel;
}

static void sequence(void)
{
	unsigned int c, cpu, step;

	memset(&__kshim_cpu_online_mask, 0, sizeof(__kshim_cpu_online_mask));
	memset(cpuidle_devices, 0, sizeof(cpuidle_devices));
	nr_cpus = 0;
	nr_children = rnd_below(3) ? 0 : 2 + rnd_below(MAX_CHILDREN - 1);
	init_dom(&parent, nr_children ? 2 : 1, 0);
	for (c = 0; c < nr_children; c++) {
		struct dom *m = &children[c];

		init_dom(m, 1, c);
		links[c] = (struct gpd_link) { .parent = &parent.genpd,
					       .child = &m->genpd };
		list_add_tail(&links[c].parent_node, &parent.genpd.parent_links);
		list_add_tail(&links[c].child_node, &m->genpd.child_links);
	}
	if (nr_children) {
		/* every child alike, as a level of the model */
		for (c = 1; c < nr_children; c++) {
			children[c].genpd.state_count = children[0].genpd.state_count;
			children[c].d.nr_states = children[0].d.nr_states;
			memcpy(children[c].kstates, children[0].kstates,
			       sizeof(children[0].kstates));
			memcpy(children[c].states, children[0].states,
			       sizeof(children[0].states));
		}
		for (c = 0; c < nr_children; c++) {
			unsigned int n = 1 + rnd_below(MAX_DOM_CPUS / 2);

			for (cpu = nr_cpus; cpu < nr_cpus + n; cpu++) {
				add_cpu(&children[c], cpu);
				cpumask_set_cpu(cpu, parent.genpd.cpus);
			}
			nr_cpus += n;
		}
	} else {
		nr_cpus = 1 + rnd_below(MAX_DOM_CPUS);
		for (cpu = 0; cpu < nr_cpus; cpu++)
			add_cpu(&parent, cpu);
	}
	for (c = 0; c < nr_children; c++)
		if (KSRC_PORT.attach(&children[c].d))
			abort();
	if (KSRC_PORT.attach(&parent.d))
		abort();

	for (step = 0; step < STEPS; step++) {
		bool all_deepest = true;

		mutate(step == 0);
		for (c = 0; c < nr_children; c++) {
			unsigned int deepest = children[c].genpd.state_count - 1;

			if (decide(&children[c], 0) != (int)deepest)
				all_deepest = false;
		}
		if (nr_children && !all_deepest)
			continue;
		if (nr_children)
			level2++;
		decide(&parent, nr_children ?
		       children[0].kstates[children[0].genpd.state_count - 1].power_on_latency_ns : 0);
	}

	for (c = 0; c < nr_children; c++)
		KSRC_PORT.detach(&children[c].d);
	KSRC_PORT.detach(&parent.d);
}

int main(int argc, char **argv)
{
	unsigned long inputs = argc > 1 ? strtoul(argv[1], NULL, 0) : 1000000;
	u64 seed = argc > 2 ? strtoull(argv[2], NULL, 0) : 20251205;
	unsigned int i;

	rng_state = seed ? seed : 1;
	now = 1000000000;
	while (compared < inputs)
		sequence();

	printf("%s vs %s: %lu decisions, %lu identical (seed %llu)\n",
	       KSRC_NAME, KSRC_PORT.name, compared, compared - mismatches,
	       (unsigned long long)seed);
	printf("  rejected %lu", decided[0]);
	for (i = 1; i <= PIDLE_MAX_DOMAIN_STATES; i++)
		printf(", state %u: %lu", i - 1, decided[i]);
	printf("; parent (level 2) decisions %lu; QoS verdict cached %lu; "
	       "rejected with an IPI pending %lu\n", level2, cached, ipi_rejects);
	printf("%d passed, %d failed\n", !mismatches, !!mismatches);
	return mismatches != 0;
}
