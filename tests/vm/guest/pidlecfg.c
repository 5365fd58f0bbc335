// SPDX-License-Identifier: GPL-2.0
/*
 * pidlecfg: drives pseudo_cpuidle's run-time reconfiguration in the guest
 * and checks every view of it. Linked with the model core, so it parses
 * what the module prints with the module's own parser, and predicts what
 * the module must say about a value before writing it.
 *
 *   pidlecfg [-H CPUS] check
 *	the configuration in force against sysfs (see check_all())
 *   pidlecfg [-H CPUS] cycle N FILE
 *	N writes, taken in turn from FILE's "PARAM VALUE" lines (blank and
 *	'#' lines skipped); each must succeed, read back as VALUE (unless
 *	VALUE is auto), and pass check
 *   pidlecfg refuse
 *	writes generated malformed values (truncations, huge numbers, wrong
 *	separators, non-ASCII bytes, one field broken) to each parameter; see
 *	refuse_one(). Expects states=VS topology=VT in force, on 4 CPUs.
 *
 * -H CPUS: CPUs (a list, "1-7") that are being hotplugged meanwhile: their
 * cpuidle directories come and go, and their cpuidle counters restart on
 * every online, so neither is checked for them.
 *
 * Output: "# " diagnostics, one summary line; exit 0 when every check
 * passed, 1 otherwise, 2 on a usage error.
 */
#define _GNU_SOURCE
#include <ctype.h>
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>
#include <pidle/config.h>
#include <pidle/model.h>

#define PARAMS	"/sys/module/pseudo_cpuidle/parameters"
#define PSYS	"/sys/kernel/pseudo_cpuidle"
#define CPUSYS	"/sys/devices/system/cpu"
#define MAX_CPUS 64

enum { P_STATES, P_TOPOLOGY, P_WAIT, P_POLICY, NR_PARAMS };
static const char *const pname[NR_PARAMS] = {
	"states", "topology", "wait", "domain_policy",
};

static unsigned int nr_cpus;
static bool hotplugged[MAX_CPUS];
static unsigned long failures;

static double now_ms(void)
{
	struct timespec t;

	clock_gettime(CLOCK_MONOTONIC, &t);
	return t.tv_sec * 1e3 + t.tv_nsec / 1e6;
}

static __attribute__((format(printf, 1, 2))) void bad(const char *fmt, ...)
{
	va_list ap;

	printf("# pidlecfg: FAIL ");
	va_start(ap, fmt);
	vprintf(fmt, ap);
	va_end(ap);
	printf("\n");
	fflush(stdout);
	failures++;
}

/* Reads a file, strips the trailing newline; -errno on failure. */
static int read_str(const char *path, char *buf, size_t size)
{
	ssize_t n;
	int fd = open(path, O_RDONLY);

	if (fd < 0)
		return -errno;
	n = read(fd, buf, size - 1);
	if (n < 0) {
		n = -errno;
		close(fd);
		return n;
	}
	close(fd);
	buf[n] = '\0';
	if (n && buf[n - 1] == '\n')
		buf[--n] = '\0';
	return 0;
}

static int read_u64f(unsigned long long *v, const char *fmt, ...)
{
	char path[256], buf[64], *end;
	va_list ap;
	int ret;

	va_start(ap, fmt);
	vsnprintf(path, sizeof(path), fmt, ap);
	va_end(ap);
	ret = read_str(path, buf, sizeof(buf));
	if (ret)
		return ret;
	*v = strtoull(buf, &end, 10);
	return *end ? -EINVAL : 0;
}

static bool exists(const char *fmt, ...)
{
	char path[256];
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(path, sizeof(path), fmt, ap);
	va_end(ap);
	return access(path, F_OK) == 0;
}

/* One write() of the whole value; 0 or the errno. */
static int write_param(const char *name, const char *val, size_t len)
{
	char path[128];
	ssize_t n;
	int fd, e;

	snprintf(path, sizeof(path), PARAMS "/%s", name);
	fd = open(path, O_WRONLY);
	if (fd < 0)
		return errno;
	n = write(fd, val, len);
	e = n < 0 ? errno : (size_t)n == len ? 0 : EIO;
	close(fd);
	return e;
}

/* A CPU list as the kernel's %*pbl prints it: "0-1,4". */
static void cpulist(const bool *in, char *buf, size_t size)
{
	unsigned int c = 0, a;
	size_t n = 0;

	buf[0] = '\0';
	while (c < nr_cpus) {
		if (!in[c]) {
			c++;
			continue;
		}
		a = c;
		while (c + 1 < nr_cpus && in[c + 1])
			c++;
		n += snprintf(buf + n, size - n, "%s%u", n ? "," : "", a);
		if (c > a)
			n += snprintf(buf + n, size - n, "-%u", c);
		c++;
	}
}

static int parse_cpulist(const char *s, bool *out)
{
	char *end;

	memset(out, 0, MAX_CPUS * sizeof(bool));
	while (*s) {
		unsigned long a = strtoul(s, &end, 10), b = a;

		if (end == s)
			return -1;
		if (*end == '-')
			b = strtoul(end + 1, &end, 10);
		if (b >= MAX_CPUS || b < a)
			return -1;
		while (a <= b)
			out[a++] = true;
		if (*end == ',')
			end++;
		else if (*end)
			return -1;
		s = end;
	}
	return 0;
}

static bool cpu_online(unsigned int cpu)
{
	char path[64], buf[8];

	snprintf(path, sizeof(path), CPUSYS "/cpu%u/online", cpu);
	/* cpu0 has no online file on x86: it cannot go offline. */
	return read_str(path, buf, sizeof(buf)) || buf[0] == '1';
}

/* The configuration in force, as the parameters read back. */
struct view {
	char states[PIDLE_PARAM_LEN], topology[PIDLE_PARAM_LEN];
	char wait[32], policy[32];
	struct pidle_states st;
	struct pidle_topology topo;
	enum pidle_policy pol;
};

static int read_view(struct view *v)
{
	struct pidle_err err;

	memset(v, 0, sizeof(*v));
	if (read_str(PARAMS "/states", v->states, sizeof(v->states)) ||
	    read_str(PARAMS "/topology", v->topology, sizeof(v->topology)) ||
	    read_str(PARAMS "/wait", v->wait, sizeof(v->wait)) ||
	    read_str(PARAMS "/domain_policy", v->policy, sizeof(v->policy))) {
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

static void free_view(struct view *v)
{
	pidle_topology_free(&v->topo);
}

static bool same_view(const struct view *a, const struct view *b)
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
		if (read_str(path, name, sizeof(name)) ||
		    read_u64f(&dis, "%s/cpu%u/cpuidle/state%u/disable", d, cpu, k) ||
		    read_u64f(&lat, "%s/cpu%u/cpuidle/state%u/latency", d, cpu, k) ||
		    read_u64f(&res, "%s/cpu%u/cpuidle/state%u/residency", d, cpu, k)) {
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
	if (exists("%s/cpu%u/cpuidle/state%u", d, cpu, k))
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
		if (read_u64f(&u1[k], "%s/cpu%u/cpuidle/state%u/usage", c, cpu, k))
			goto unreadable;
	for (k = 0; k < n; k++)
		if (read_u64f(&a1[k], "%s/cpu%u/state%u/achieved", p, cpu, k))
			goto unreadable;
	for (k = 0; k < n; k++)
		if (read_u64f(&r[k], "%s/cpu%u/state%u/requested", p, cpu, k))
			goto unreadable;
	/* Aborted entries (a wake-up pending) are in usage, not in requested. */
	for (k = 0; k < n; k++)
		if (read_u64f(&ab[k], "%s/cpu%u/state%u/aborted", p, cpu, k))
			goto unreadable;
	for (k = 0; k < n; k++)
		if (cpuidle ? read_u64f(&x2[k], "%s/cpu%u/cpuidle/state%u/usage", c, cpu, k)
			    : read_u64f(&x2[k], "%s/cpu%u/state%u/achieved", p, cpu, k))
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
	bool in[MAX_CPUS];
	struct dirent *de;
	DIR *dir;

	for (l = 0; l < v->topo.nr_levels; l++) {
		const struct pidle_topo_level *tl = &v->topo.level[l];
		const char *dn = tl->name;
		unsigned long long x;
		long long down;

		for (d = 0; d < tl->nr_domains; d++) {
			total++;
			for (cpu = 0; cpu < nr_cpus; cpu++)
				in[cpu] = tl->domain_of_cpu[cpu] == d;
			cpulist(in, want, sizeof(want));
			snprintf(path, sizeof(path), PSYS "/domains/%s%u/cpus", dn, d);
			if (read_str(path, have, sizeof(have))) {
				bad("domain %s%u: no %s", dn, d, path);
				continue;
			}
			if (strcmp(have, want))
				bad("domain %s%u: cpus %s, the topology says %s", dn, d, have, want);
			snprintf(path, sizeof(path), PSYS "/domains/%s%u/down", dn, d);
			if (read_str(path, have, sizeof(have)) ||
			    (down = strtoll(have, NULL, 10)) < -1 ||
			    (down >= 0 && ((unsigned long long)down >= v->st.nr_states ||
			     pidle_topology_level_index(&v->topo, v->st.state[down].level_name) != (int)l + 1)))
				bad("domain %s%u: down reads \"%s\", not -1 or a %s state",
				    dn, d, have, dn);
			for (k = 0; k < v->st.nr_states; k++) {
				bool mine = pidle_topology_level_index(&v->topo,
						v->st.state[k].level_name) == (int)l + 1;

				if (mine != exists(PSYS "/domains/%s%u/state%u", dn, d, k))
					bad("domain %s%u: state%u directory %s", dn, d, k,
					    mine ? "missing" : "present for a state of another level");
				if (mine && !read_u64f(&x, PSYS "/domains/%s%u/state%u/usage",
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
static void check_all(void)
{
	unsigned long long achieved[PIDLE_MAX_STATES] = { 0 };
	unsigned long long usage[PIDLE_MAX_LEVELS] = { 0 };
	unsigned int cpu, k, l;
	char topo[PIDLE_PARAM_LEN], name[32];
	struct view v;
	bool hp = false;

	if (read_view(&v))
		return;
	if (read_str(PSYS "/topology", topo, sizeof(topo)) || strcmp(topo, v.topology))
		bad(PSYS "/topology is \"%s\", the parameter \"%s\"", topo, v.topology);
	/* Domain usage first: see below. */
	check_domains(&v, usage);
	for (cpu = 0; cpu < nr_cpus; cpu++) {
		bool cpuidle = !hotplugged[cpu] && cpu_online(cpu);

		hp |= hotplugged[cpu];
		if (cpuidle)
			check_cpuidle(&v, cpu, cpu == 0);
		/* The model's table is one too; each CPU's counters are read below. */
		for (k = 0; cpu == 0 && k < v.st.nr_states; k++) {
			char path[128];

			snprintf(path, sizeof(path), PSYS "/cpu%u/state%u/name", cpu, k);
			if (read_str(path, name, sizeof(name)) || strcmp(name, v.st.state[k].name))
				bad("%s: \"%s\", want %s", path, name, v.st.state[k].name);
		}
		k = v.st.nr_states;
		if (exists(PSYS "/cpu%u/state%u", cpu, k))
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

/* ---- cycle ---- */

struct wline {
	char param[32];
	char *value;
};

static int cycle(unsigned long n, const char *file)
{
	struct wline *w = NULL;
	unsigned long i, nw = 0, counts[NR_PARAMS] = { 0 };
	char line[PIDLE_PARAM_LEN + 64], back[PIDLE_PARAM_LEN];
	FILE *f = fopen(file, "r");
	double t0, t1, write_ms = 0, check_ms = 0;
	unsigned long before;

	if (!f) {
		fprintf(stderr, "pidlecfg: %s: %s\n", file, strerror(errno));
		return 2;
	}
	while (fgets(line, sizeof(line), f)) {
		char *sp, *nl = strchr(line, '\n');

		if (nl)
			*nl = '\0';
		if (!line[0] || line[0] == '#')
			continue;
		sp = strchr(line, ' ');
		if (!sp || sp - line >= 32) {
			fprintf(stderr, "pidlecfg: %s: bad line \"%s\"\n", file, line);
			return 2;
		}
		w = realloc(w, (nw + 1) * sizeof(*w));
		memcpy(w[nw].param, line, sp - line);
		w[nw].param[sp - line] = '\0';
		w[nw].value = strdup(sp + 1);
		nw++;
	}
	fclose(f);
	if (!nw) {
		fprintf(stderr, "pidlecfg: %s: no writes\n", file);
		return 2;
	}
	for (i = 0; i < n; i++) {
		struct wline *x = &w[i % nw];
		char path[128];
		unsigned int p;
		int e;

		before = failures;
		t0 = now_ms();
		e = write_param(x->param, x->value, strlen(x->value));
		t1 = now_ms();
		write_ms += t1 - t0;
		if (e) {
			bad("write %lu: %s=%s: %s", i + 1, x->param, x->value, strerror(e));
			break;
		}
		for (p = 0; p < NR_PARAMS; p++)
			if (!strcmp(x->param, pname[p]))
				counts[p]++;
		snprintf(path, sizeof(path), PARAMS "/%s", x->param);
		if (read_str(path, back, sizeof(back)) ||
		    (strcmp(x->value, "auto") && strcmp(back, x->value)))
			bad("write %lu: %s=%s reads back as \"%s\"", i + 1, x->param,
			    x->value, back);
		check_all();
		check_ms += now_ms() - t1;
		if (failures != before) {
			printf("# pidlecfg: after write %lu (%s=%s)\n", i + 1, x->param, x->value);
			if (failures > 20)
				break;
		}
	}
	printf("# pidlecfg: %lu writes (states %lu, topology %lu, wait %lu, domain_policy %lu), each followed by a full check; %lu failures\n",
	       i, counts[0], counts[1], counts[2], counts[3], failures);
	printf("# pidlecfg: a write took %.1f ms on average, a check %.1f ms\n",
	       i ? write_ms / i : 0, i ? check_ms / i : 0);
	return failures ? 1 : 0;
}

/* ---- refuse ---- */

static int kmsg_fd = -1;

/* The module's log lines since the last call, \xNN escapes undone. */
static unsigned int kmsg_take(char lines[][512], unsigned int max)
{
	char rec[2048];
	unsigned int n = 0;
	ssize_t len;

	while ((len = read(kmsg_fd, rec, sizeof(rec) - 1)) > 0 || (len < 0 && errno == EPIPE)) {
		char *msg, *out;
		const char *s;

		if (len < 0)
			continue;	/* overwritten records: read on */
		rec[len] = '\0';
		msg = strchr(rec, ';');
		if (!msg)
			continue;
		msg++;
		*strchrnul(msg, '\n') = '\0';
		if (strncmp(msg, "pseudo_cpuidle: ", 16))
			continue;
		if (n < max) {
			out = lines[n];
			for (s = msg; *s && out < lines[n] + 511; s++) {
				unsigned int b;

				if (s[0] == '\\' && s[1] == 'x' && sscanf(s + 2, "%2x", &b) == 1) {
					*out++ = (char)b;
					s += 3;
				} else {
					*out++ = *s;
				}
			}
			*out = '\0';
		}
		n++;
	}
	return n;
}

/* Sum of the model's requested counters: only grows while a model lives. */
static unsigned long long requested_sum(const struct view *v)
{
	unsigned long long s = 0, x;
	unsigned int cpu, k;

	for (cpu = 0; cpu < nr_cpus; cpu++)
		for (k = 0; k < v->st.nr_states; k++)
			if (!read_u64f(&x, PSYS "/cpu%u/state%u/requested", cpu, k))
				s += x;
	return s;
}

/*
 * What the module must do with @val for parameter @p, given the
 * configuration in force @v: the parse and the model build it does
 * itself. Returns 0 and the canonical read-back in @canon, or the error.
 */
static int oracle(int p, const char *val, const struct view *v, char *canon,
		  size_t size, struct pidle_err *err)
{
	struct pidle_states st = v->st;
	struct pidle_topology topo;
	struct pidle_model *m;
	enum pidle_wait w;
	enum pidle_policy pol;
	int ret;

	switch (p) {
	case P_WAIT:
		ret = pidle_wait_parse(val, &w, err);
		if (!ret)
			snprintf(canon, size, "%s", pidle_wait_name(w));
		return ret;
	case P_POLICY:
		ret = pidle_policy_parse(val, &pol, err);
		if (!ret)
			snprintf(canon, size, "%s", pidle_policy_name(pol));
		return ret;
	case P_STATES:
		ret = pidle_states_parse(val, &st, err);
		if (ret)
			return ret;
		ret = pidle_model_create(&st, &v->topo, v->pol, &m, err);
		if (ret)
			return ret;
		pidle_model_destroy(m);
		return pidle_states_print(&st, canon, size) < 0 ? -ENOSPC : 0;
	default:
		ret = pidle_topology_parse(val, nr_cpus, &topo, err);
		if (ret)
			return ret;
		ret = pidle_model_create(&v->st, &topo, v->pol, &m, err);
		if (!ret) {
			pidle_model_destroy(m);
			ret = pidle_topology_print(&topo, canon, size) < 0 ? -ENOSPC : 0;
		}
		pidle_topology_free(&topo);
		return ret;
	}
}

static unsigned long n_refused, n_accepted, n_class[8];

/* Printable for a diagnostic: non-ASCII as \xNN. */
static const char *show(const char *s, size_t len)
{
	static char buf[600];
	size_t i, n = 0;

	for (i = 0; i < len && n < sizeof(buf) - 8; i++) {
		unsigned char c = s[i];

		if (c >= ' ' && c < 127)
			buf[n++] = c;
		else
			n += snprintf(buf + n, sizeof(buf) - n, "\\x%02x", c);
	}
	buf[n] = '\0';
	return buf;
}

/*
 * One candidate. Refused by the parser: the write must fail with EINVAL,
 * log exactly one line that carries the parser's message and names the
 * parameter, and leave everything as it was: the four parameters read back
 * the same, and the model in force keeps counting (its requested counters
 * did not restart). Accepted by the parser (a truncation that is still a
 * table, say): the write must succeed and read back canonical; then the
 * old value is written back.
 */
static void refuse_one(int p, int cls, const char *val, size_t len)
{
	char canon[PIDLE_PARAM_LEN], back[PIDLE_PARAM_LEN], lines[4][512];
	struct pidle_err err = { 0 };
	unsigned long long r0, r1;
	struct view v, after;
	unsigned int nl;
	char *cval;
	int e, want;

	/* sysfs hands the module no empty write: it never sees one. */
	if (!len || read_view(&v))
		return;
	cval = strndup(val, len);
	want = oracle(p, cval, &v, canon, sizeof(canon), &err);
	r0 = requested_sum(&v);
	kmsg_take(lines, 0);
	e = write_param(pname[p], val, len);
	nl = kmsg_take(lines, 4);
	if (want == 0) {
		n_accepted++;
		if (e)
			bad("%s=\"%s\": refused (%s), the parser accepts it", pname[p],
			    show(val, len), strerror(e));
		if (!e) {
			char path[128];
			const char *old = p == P_STATES ? v.states :
					  p == P_TOPOLOGY ? v.topology :
					  p == P_WAIT ? v.wait : v.policy;

			snprintf(path, sizeof(path), PARAMS "/%s", pname[p]);
			if (read_str(path, back, sizeof(back)) || strcmp(back, canon))
				bad("%s=\"%s\": reads back as \"%s\", want \"%s\"", pname[p],
				    show(val, len), back, canon);
			e = write_param(pname[p], old, strlen(old));
			if (e)
				bad("%s: cannot write back \"%s\": %s", pname[p], old, strerror(e));
		}
		goto out;
	}
	n_refused++;
	n_class[cls]++;
	if (e != EINVAL)
		bad("%s=\"%s\": write gave %s, want EINVAL (%s)", pname[p], show(val, len),
		    e ? strerror(e) : "success", err.msg);
	if (nl != 1)
		bad("%s=\"%s\": %u log lines, want 1", pname[p], show(val, len), nl);
	else if (!strstr(lines[0], err.msg) || !strstr(lines[0], pname[p]))
		bad("%s=\"%s\": log line \"%s\" lacks the parser's \"%s\"", pname[p],
		    show(val, len), lines[0], err.msg);
	if (read_view(&after) == 0) {
		if (!same_view(&v, &after))
			bad("%s=\"%s\": refused, but the configuration changed", pname[p],
			    show(val, len));
		r1 = requested_sum(&after);
		if (r1 < r0)
			bad("%s=\"%s\": refused, but the counters restarted (%llu -> %llu)",
			    pname[p], show(val, len), r0, r1);
		free_view(&after);
	}
out:
	free(cval);
	free_view(&v);
}

#define VS "POLL:0:0,C1:2:2,C1E:10:20,C6:100:400:core,PC6:300:1200:package"
#define VT "core=0-1,2-3;package=0-3"

enum { C_TRUNC, C_NUMBER, C_SEP, C_BYTES, C_FIELD, C_WORD };
static const char *const class_name[] = {
	"truncations", "huge or malformed numbers", "wrong separators",
	"non-ASCII or control bytes", "one field broken", "bad words",
};

/* @base with [at, at + cut) replaced by @ins. */
static void variant(int p, int cls, const char *base, size_t at, size_t cut,
		   const char *ins)
{
	char buf[PIDLE_PARAM_LEN];
	size_t bl = strlen(base), il = strlen(ins);

	if (at + cut > bl || bl - cut + il >= sizeof(buf))
		return;
	memcpy(buf, base, at);
	memcpy(buf + at, ins, il);
	memcpy(buf + at + il, base + at + cut, bl - at - cut);
	refuse_one(p, cls, buf, bl - cut + il);
}

/* Each occurrence of a character class in @base, replaced by each of @subs. */
static void each_char(int p, int cls, const char *base, const char *chars,
		      const char *const *subs)
{
	size_t i;
	const char *const *s;

	for (i = 0; base[i]; i++)
		if (strchr(chars, base[i]))
			for (s = subs; *s; s++)
				variant(p, cls, base, i, 1, *s);
}

/* Each maximal run of digits in @base, replaced by each of @subs. */
static void each_number(int p, const char *base, const char *const *subs)
{
	size_t i = 0, j;
	const char *const *s;

	while (base[i]) {
		if (!isdigit((unsigned char)base[i])) {
			i++;
			continue;
		}
		for (j = i; isdigit((unsigned char)base[j]); j++)
			;
		for (s = subs; *s; s++)
			variant(p, C_NUMBER, base, i, j - i, *s);
		i = j;
	}
}

static int refuse(void)
{
	static const char *const numbers[] = {
		"10000001", "18446744073709551615", "18446744073709551616",
		"99999999999999999999999999999", "-1", "+1", "0x10", "1e3", "1.5",
		"", " 1", "8192", NULL,
	};
	static const char *const table_seps[] = { ";", ".", " ", "|", ",,", "=", "::", "\t", NULL };
	static const char *const topo_seps[] = { ":", ",", ";", "+", "..", " ", "-", NULL };
	static const char *const bytes[] = {
		"\xff", "\x80", "\xc3\xa9", "\x01", "\x7f", "\xd9\xa3", "\xe2\x80\x8b", NULL,
	};
	static const char *const broken_states[] = {
		/* one field broken in a valid table */
		":0:0,C1:2:2,C1E:10:20,C6:100:400:core,PC6:300:1200:package",
		"POLL:0:0,ABCDEFGHIJKLMNOP:2:2,C1E:10:20,C6:100:400:core,PC6:300:1200:package",
		"POLL:0:0,C1!:2:2,C1E:10:20,C6:100:400:core,PC6:300:1200:package",
		"POLL:0:0,C1:2:2,C1:10:20,C6:100:400:core,PC6:300:1200:package",
		"POLL:0:0,C1:2:2,C1E:10:20,C6:100:400:nosuch,PC6:300:1200:package",
		"POLL:0:0,C1:2:2,C1E:10:20,C6:100:400:core,PC6:300:1200:cpu",
		"POLL:0:0,C1:2:2,C1E:10:20,C6:100:400:core,PC6:300:1200:package:1:2",
		"POLL:0:0,C1:2:2,C1E:10:20,C6:100:400:core,PC6:300:1200:package:x",
		"POLL:0:0,C1:2:2,C1E:10:20,C6:100:400:core,PC6:300:1200:package:1000000001",
		"POLL:0:0,C1:2:2,C1E:10:1,C6:100:400:core,PC6:300:1200:package",
		"POLL:0:0,C1:2:2,C1E:1:20,C6:100:400:core,PC6:300:1200:package",
		"POLL:0:0:core,C1:2:2",
		"POLL:0:0,C1:2:2,C1E:10:20,C6:100:400:core,PC6:300:1200:package,",
		",POLL:0:0",
		"POLL:0:0,,C1:2:2",
		"POLL:0:0,C1:2:2,C1E:10:20,C6:100:400:core,PC6:300:1200:package:",
		"POLL:0:0,A:1:1,B:2:2,C:3:3,D:4:4,E:5:5,F:6:6,G:7:7,H:8:8,I:9:9,J:10:10",
		"POLL:0:0,A:1:1:core,B:2:2:core,C:3:3:core,D:4:4:core,E:5:5:core",
		"POLL:0:0,C1:2:2:,C1E:10:20",
		"POLL:0:0,C1:2:2:core:5,C1E:10:20",
		",", ",,", " ", "\n", ":", "::", NULL,
	};
	static const char *const broken_topo[] = {
		"core=0-1,1-3;package=0-3",	/* overlap */
		"core=0-1,2;package=0-3",	/* a hole */
		"core=0-1,2-4;package=0-4",	/* a CPU the machine lacks */
		"core=0-1,2-3,8192;package=0-3",
		"core=1-0,2-3;package=0-3",
		"core=0-1,2-3;package=0-2,3",	/* does not nest */
		"core=0-1,2-3;package",
		"core=0-1,2-3;core=0-3",
		"cpu=0-1,2-3;package=0-3",
		"a=0-3;b=0-3;c=0-3;d=0-3;e=0-3;f=0-3",
		"core=0-1,2-3;;package=0-3",
		"core=;package=0-3",
		"core=0++1,2-3;package=0-3",
		"core=0-1,,2-3;package=0-3",
		"package=0-3",			/* no level core for C6 */
		"cluster=0-1,2-3;package=0-3",
		"none", "autox", "core=0-3-9;package=0-3",
		"core=0-1,2-3;package=0-3;", NULL,
	};
	static const char *const words[] = {
		"", " ", "Poll", "POLL", "halt2", "poll halt", "poll,halt", "h", "\xff",
		"halt\xc3\xa9", "auto ", "timer\t1", "1", "pollpollpollpollpollpollpollpollpollpollpollpollpollpollpollpollpoll",
		NULL,
	};
	const char *const *s;
	struct view v;
	size_t i;
	int c;

	if (read_view(&v))
		return 1;
	if (strcmp(v.states, VS) || strcmp(v.topology, VT)) {
		fprintf(stderr, "pidlecfg: refuse wants states=%s topology=%s in force\n",
			VS, VT);
		free_view(&v);
		return 2;
	}
	free_view(&v);
	kmsg_fd = open("/dev/kmsg", O_RDONLY | O_NONBLOCK);
	if (kmsg_fd < 0) {
		fprintf(stderr, "pidlecfg: /dev/kmsg: %s\n", strerror(errno));
		return 2;
	}
	lseek(kmsg_fd, 0, SEEK_END);

	/* states=, against topology VT */
	for (i = 0; i < strlen(VS); i++)
		variant(P_STATES, C_TRUNC, VS, i, strlen(VS) - i, "");
	each_number(P_STATES, VS, numbers);
	each_char(P_STATES, C_SEP, VS, ",:", table_seps);
	for (s = bytes; *s; s++) {
		for (i = 0; VS[i]; i++)
			/* inside each name and level, and in a number */
			if (i && (VS[i - 1] == ',' || VS[i] == ':' || i == 5))
				variant(P_STATES, C_BYTES, VS, i, 0, *s);
	}
	for (s = broken_states; *s; s++)
		refuse_one(P_STATES, C_FIELD, *s, strlen(*s));

	/* topology=, against the states VS */
	for (i = 0; i < strlen(VT); i++)
		variant(P_TOPOLOGY, C_TRUNC, VT, i, strlen(VT) - i, "");
	each_number(P_TOPOLOGY, VT, numbers);
	each_char(P_TOPOLOGY, C_SEP, VT, ",;=-", topo_seps);
	for (s = bytes; *s; s++) {
		variant(P_TOPOLOGY, C_BYTES, VT, 2, 0, *s);
		variant(P_TOPOLOGY, C_BYTES, VT, 5, 0, *s);
		variant(P_TOPOLOGY, C_BYTES, VT, 8, 0, *s);
	}
	for (s = broken_topo; *s; s++)
		refuse_one(P_TOPOLOGY, C_FIELD, *s, strlen(*s));

	/* wait= and domain_policy= */
	for (s = words; *s; s++) {
		refuse_one(P_WAIT, C_WORD, *s, strlen(*s));
		refuse_one(P_POLICY, C_WORD, *s, strlen(*s));
	}

	printf("# pidlecfg: refuse: %lu values refused with the parser's message and nothing changed, %lu accepted by the parser and the module alike (then written back)\n",
	       n_refused, n_accepted);
	for (c = 0; c <= C_WORD; c++)
		printf("# pidlecfg:   %lu refused: %s\n", n_class[c], class_name[c]);
	printf("# pidlecfg: %lu failures\n", failures);
	return failures ? 1 : 0;
}

int main(int argc, char **argv)
{
	char buf[64];
	bool in[MAX_CPUS];
	int opt;

	if (read_str(CPUSYS "/possible", buf, sizeof(buf)) || parse_cpulist(buf, in)) {
		fprintf(stderr, "pidlecfg: cannot read " CPUSYS "/possible\n");
		return 2;
	}
	for (nr_cpus = 0; nr_cpus < MAX_CPUS && in[nr_cpus]; nr_cpus++)
		;
	while ((opt = getopt(argc, argv, "H:")) != -1) {
		if (opt != 'H' || parse_cpulist(optarg, hotplugged))
			goto usage;
	}
	if (optind < argc && !strcmp(argv[optind], "check") && optind + 1 == argc) {
		check_all();
		printf("# pidlecfg: check: %lu failures\n", failures);
		return failures ? 1 : 0;
	}
	if (optind + 3 == argc && !strcmp(argv[optind], "cycle"))
		return cycle(strtoul(argv[optind + 1], NULL, 10), argv[optind + 2]);
	if (optind + 1 == argc && !strcmp(argv[optind], "refuse"))
		return refuse();
usage:
	fprintf(stderr, "usage: pidlecfg [-H CPUS] check | cycle N FILE | refuse\n");
	return 2;
}
