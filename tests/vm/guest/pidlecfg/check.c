// SPDX-License-Identifier: GPL-2.0
/* pidlecfg: the configuration in force against every view of it in sysfs. */
#define _GNU_SOURCE
#include "pidlecfg.h"

int read_view(struct view *v)
{
	struct pidle_err err;

	memset(v, 0, sizeof(*v));
	if (pidle_read_file(PARAMS "/states", v->states, sizeof(v->states)) ||
	    pidle_read_file(PARAMS "/topology", v->topology, sizeof(v->topology)) ||
	    pidle_read_file(PARAMS "/wait", v->wait, sizeof(v->wait)) ||
	    pidle_read_file(PARAMS "/domain_policy", v->policy, sizeof(v->policy))) {
		bad("cannot read the parameters: %s", strerror(errno));
		return -1;
	}
	if (pidle_states_parse(v->states, &v->st, &err)) {
		bad("states reads back as \"%s\", which does not parse: %s",
		    v->states, err.msg);
		return -1;
	}
	if (pidle_topology_parse(v->topology, nr_cpus, &v->topo, &err)) {
		bad("topology reads back as \"%s\", which does not parse: %s",
		    v->topology, err.msg);
		return -1;
	}
	if (pidle_policy_parse(v->policy, &v->pol, &err)) {
		bad("domain_policy reads back as \"%s\": %s", v->policy, err.msg);
		return -1;
	}
	return 0;
}

void free_view(struct view *v)
{
	pidle_topology_free(&v->topo);
}

bool same_view(const struct view *a, const struct view *b)
{
	return !strcmp(a->states, b->states) && !strcmp(a->topology, b->topology) &&
	       !strcmp(a->wait, b->wait) && !strcmp(a->policy, b->policy);
}

/*
 * cpuidle's own view of @cpu: exactly the table's states, enabled. Names,
 * latencies and residencies come from the one driver table every device
 * points into, so they are read on one CPU (@full), with its disable
 * flags; what each device has of its own is its stateK directories: no
 * more than the table here, and the counters check_cpu_counters() reads
 * from each.
 */
static void check_cpuidle(const struct view *v, unsigned int cpu, bool full)
{
	const char *d = CPUSYS;
	unsigned int k;

	for (k = 0; k < v->st.nr_states; k++) {
		const struct pidle_state_desc *sd = &v->st.state[k];
		unsigned long long lat, res, dis;
		char path[128], name[32];

		if (!full)
			continue;
		snprintf(path, sizeof(path), "%s/cpu%u/cpuidle/state%u/name", d, cpu, k);
		if (pidle_read_file(path, name, sizeof(name)) ||
		    pidle_read_u64f(&dis, "%s/cpu%u/cpuidle/state%u/disable", d, cpu, k) ||
		    pidle_read_u64f(&lat, "%s/cpu%u/cpuidle/state%u/latency", d, cpu, k) ||
		    pidle_read_u64f(&res, "%s/cpu%u/cpuidle/state%u/residency", d, cpu, k)) {
			bad("cpu%u: cpuidle state%u unreadable", cpu, k);
			return;
		}
		if (strcmp(name, sd->name) || lat != sd->exit_latency_ns / 1000 ||
		    res != sd->target_residency_ns / 1000 || dis)
			bad("cpu%u: cpuidle state%u is %s:%llu:%llu disable=%llu, the table says %s:%llu:%llu",
			    cpu, k, name, lat, res, dis, sd->name,
			    (unsigned long long)sd->exit_latency_ns / 1000,
			    (unsigned long long)sd->target_residency_ns / 1000);
	}
	if (pidle_existsf("%s/cpu%u/cpuidle/state%u", d, cpu, k))
		bad("cpu%u: cpuidle has a state%u beyond the table's %u states",
		    cpu, k, v->st.nr_states);
}

/*
 * The counters of one CPU, read so that each inequality holds at every
 * instant whatever runs meanwhile: cpuidle's usage U1 first, then the
 * model's achieved A1 and requested R, then usage U2. The model counts an
 * entry (requested) before the wait and its exit (achieved) after it;
 * cpuidle counts usage after ->enter has returned; one entry at a time
 * per CPU. So, per state, U1 <= R, and summed, A1 <= R <= U2 + 1 (which
 * also bounds R by achieved + 1, as U2 <= achieved). Stale cpuidle
 * counters kept across a reconfiguration break U1 <= R; model counters
 * from before it break R <= U2 + 1. Without cpuidle counters to compare
 * (a CPU being hotplugged, or offline) achieved is read again instead:
 * R <= A2 + 1. Adds A1 per state to @achieved.
 */
static void check_cpu_counters(const struct view *v, unsigned int cpu,
			       bool cpuidle, unsigned long long *achieved)
{
	unsigned long long u1[PIDLE_MAX_STATES], a1[PIDLE_MAX_STATES];
	unsigned long long r[PIDLE_MAX_STATES], x2[PIDLE_MAX_STATES];
	unsigned long long ab[PIDLE_MAX_STATES];
	unsigned long long sa1 = 0, sr = 0, sx2 = 0;
	unsigned int k, n = v->st.nr_states;
	const char *c = CPUSYS, *p = PSYS;

	for (k = 0; cpuidle && k < n; k++)
		if (pidle_read_u64f(&u1[k], "%s/cpu%u/cpuidle/state%u/usage", c, cpu, k))
			goto unreadable;
	for (k = 0; k < n; k++)
		if (pidle_read_u64f(&a1[k], "%s/cpu%u/state%u/achieved", p, cpu, k))
			goto unreadable;
	for (k = 0; k < n; k++)
		if (pidle_read_u64f(&r[k], "%s/cpu%u/state%u/requested", p, cpu, k))
			goto unreadable;
	/* Aborted entries (a wake-up pending) are in usage, not in requested. */
	for (k = 0; k < n; k++)
		if (pidle_read_u64f(&ab[k], "%s/cpu%u/state%u/aborted", p, cpu, k))
			goto unreadable;
	for (k = 0; k < n; k++)
		if (cpuidle ? pidle_read_u64f(&x2[k], "%s/cpu%u/cpuidle/state%u/usage", c, cpu, k)
			    : pidle_read_u64f(&x2[k], "%s/cpu%u/state%u/achieved", p, cpu, k))
			goto unreadable;
	for (k = 0; k < n; k++) {
		sa1 += a1[k];
		sr += r[k];
		sx2 += x2[k];
		if (cpuidle && u1[k] > r[k] + ab[k])
			bad("cpu%u state%u: cpuidle usage %llu > the model's requested %llu + aborted %llu: a counter was not restarted with the configuration",
			    cpu, k, u1[k], r[k], ab[k]);
		achieved[k] += a1[k];
	}
	if (sa1 > sr)
		bad("cpu%u: achieved %llu > requested %llu", cpu, sa1, sr);
	if (sr > sx2 + 1)
		bad("cpu%u: requested %llu > %s %llu + 1: %s", cpu, sr,
		    cpuidle ? "cpuidle usage" : "achieved", sx2,
		    cpuidle ? "the model counts entries cpuidle did not make"
			    : "more than one entry in flight");
	return;

unreadable:
	bad("cpu%u: counters unreadable", cpu);
}

/* The shallowest state at topology level @lvl (1..), or PIDLE_MAX_STATES. */
static unsigned int shallowest_at(const struct view *v, int lvl)
{
	unsigned int k;

	for (k = 0; k < v->st.nr_states; k++)
		if (pidle_topology_level_index(&v->topo, v->st.state[k].level_name) == lvl)
			return k;
	return PIDLE_MAX_STATES;
}

/*
 * domains/LEVELd: exactly the topology's domains, each with its CPUs, a
 * down state of its level or -1, and a stateK directory for each state of
 * its level. Adds each level's down periods (usage) to @usage[l].
 */
static void check_domains(const struct view *v, unsigned long long *usage)
{
	unsigned int l, d, k, cpu, total = 0, count = 0;
	char want[256], have[256], path[256];
	struct dirent *de;
	DIR *dir;

	for (l = 0; l < v->topo.nr_levels; l++) {
		const struct pidle_topo_level *tl = &v->topo.level[l];
		const char *dn = tl->name;
		unsigned long long x;
		long long down;

		for (d = 0; d < tl->nr_domains; d++) {
			struct pidle_cpuset in = { { 0 } };

			total++;
			for (cpu = 0; cpu < nr_cpus; cpu++)
				if (tl->domain_of_cpu[cpu] == d)
					pidle_cpuset_set(&in, cpu);
			pidle_cpulist_print(&in, want, sizeof(want));
			snprintf(path, sizeof(path), PSYS "/domains/%s%u/cpus", dn, d);
			if (pidle_read_file(path, have, sizeof(have))) {
				bad("domain %s%u: no %s", dn, d, path);
				continue;
			}
			if (strcmp(have, want))
				bad("domain %s%u: cpus %s, the topology says %s", dn, d, have, want);
			snprintf(path, sizeof(path), PSYS "/domains/%s%u/down", dn, d);
			if (pidle_read_file(path, have, sizeof(have)) ||
			    (down = strtoll(have, NULL, 10)) < -1 ||
			    (down >= 0 && ((unsigned long long)down >= v->st.nr_states ||
			     pidle_topology_level_index(&v->topo, v->st.state[down].level_name) != (int)l + 1)))
				bad("domain %s%u: down reads \"%s\", not -1 or a %s state",
				    dn, d, have, dn);
			for (k = 0; k < v->st.nr_states; k++) {
				bool mine = pidle_topology_level_index(&v->topo,
						v->st.state[k].level_name) == (int)l + 1;

				if (mine != pidle_existsf(PSYS "/domains/%s%u/state%u", dn, d, k))
					bad("domain %s%u: state%u directory %s", dn, d, k,
					    mine ? "missing" : "present for a state of another level");
				if (mine && !pidle_read_u64f(&x, PSYS "/domains/%s%u/state%u/usage",
						       dn, d, k))
					usage[l] += x;
			}
		}
	}
	dir = opendir(PSYS "/domains");
	if (!dir) {
		bad("cannot list " PSYS "/domains: %s", strerror(errno));
		return;
	}
	while ((de = readdir(dir)))
		if (de->d_name[0] != '.')
			count++;
	closedir(dir);
	if (count != total)
		bad(PSYS "/domains has %u entries, the topology %u domains", count, total);
}

/*
 * Everything sysfs says about the configuration in force: the parameters
 * parse and fit; every online CPU's cpuidle directory shows exactly the
 * table; /sys/kernel/pseudo_cpuidle has the topology, a stateK directory
 * per state and CPU, the domains with their CPUs and states; the counters
 * are consistent with each other and with cpuidle's.
 */
void check_all(void)
{
	unsigned long long achieved[PIDLE_MAX_STATES] = { 0 };
	unsigned long long usage[PIDLE_MAX_LEVELS] = { 0 };
	unsigned int cpu, k, l;
	char topo[PIDLE_PARAM_LEN], name[32];
	struct view v;
	bool hp = false;

	if (read_view(&v))
		return;
	if (pidle_read_file(PSYS "/topology", topo, sizeof(topo)) || strcmp(topo, v.topology))
		bad(PSYS "/topology is \"%s\", the parameter \"%s\"", topo, v.topology);
	/* Domain usage first: see below. */
	check_domains(&v, usage);
	for (cpu = 0; cpu < nr_cpus; cpu++) {
		bool cpuidle = !pidle_cpuset_test(&hotplugged, cpu) && cpu_online(cpu);

		hp |= pidle_cpuset_test(&hotplugged, cpu);
		if (cpuidle)
			check_cpuidle(&v, cpu, cpu == 0);
		/* The model's table is one too; each CPU's counters are read below. */
		for (k = 0; cpu == 0 && k < v.st.nr_states; k++) {
			char path[128];

			snprintf(path, sizeof(path), PSYS "/cpu%u/state%u/name", cpu, k);
			if (pidle_read_file(path, name, sizeof(name)) || strcmp(name, v.st.state[k].name))
				bad("%s: \"%s\", want %s", path, name, v.st.state[k].name);
		}
		k = v.st.nr_states;
		if (pidle_existsf(PSYS "/cpu%u/state%u", cpu, k))
			bad("cpu%u: " PSYS " has a state%u beyond the table", cpu, k);
		check_cpu_counters(&v, cpu, cpuidle, achieved);
	}
	/*
	 * Each down period ends with a first man, whose exit achieves at
	 * least the level's shallowest state: at most one per level per exit.
	 * Usage was read before achieved; an exit between its domain's count
	 * and its own adds at most one per CPU. A CPU coming online ends a
	 * down period with no exit: not with CPUs being hotplugged.
	 */
	for (l = 0; !hp && l < v.topo.nr_levels; l++) {
		unsigned long long ach = 0;

		for (k = shallowest_at(&v, l + 1); k < v.st.nr_states; k++)
			ach += achieved[k];
		if (usage[l] > ach + nr_cpus)
			bad("level %s: %llu down periods, but only %llu exits achieved a %s state or deeper",
			    v.topo.level[l].name, usage[l], ach, v.topo.level[l].name);
	}
	free_view(&v);
}

