// SPDX-License-Identifier: GPL-2.0
/*
 * pidle-topo --dt: the devicetree importer (libfdt). See pidle-dt.h and
 * Documentation/pidle-topo.rst, "Devicetrees", for the rules; each rule
 * below names the kernel function it follows (Linux 6.12).
 *
 * DOC: devicetree import
 *
 * - CPUs: the children of /cpus named "cpu" or of device_type "cpu"
 *   whose status is not "fail" (of_get_next_cpu_node()); RISC-V skips
 *   the unavailable ones too (riscv_of_processor_hartid()). Logical
 *   numbers in tree order, the boot CPU first (arm64 smp_init_cpus():
 *   the boot CPU is taken to be the first cpu node).
 * - A CPU's states: of_get_cpu_state_node(): index i of the
 *   domain-idle-states of its first power domain, else index i of its
 *   cpu-idle-states; each must be compatible "arm,idle-state"
 *   (cpuidle-psci.c; "riscv,idle-state" on RISC-V); unavailable ones are
 *   skipped (dt_init_idle_driver()). State 0 is WFI, 1 us / 1 us, as
 *   cpuidle-psci.c and cpuidle-riscv-sbi.c put it there. Exit latency:
 *   wakeup-latency-us, else entry-latency-us + exit-latency-us; target
 *   residency: min-residency-us (init_state_node()). Name: the node's
 *   name cut to 15 characters (strscpy into CPUIDLE_NAME_LEN).
 * - Domains: the power domains of the PSCI node (children with
 *   #power-domain-cells, cpuidle-psci-domain.c; /cpus/power-domains on
 *   RISC-V), linked by their own power-domains (dt_idle_pd_init_topology()).
 *   A domain's states: its domain-idle-states compatible
 *   "domain-idle-state" and available; power-off = entry-latency-us,
 *   power-on = exit-latency-us, residency = min-residency-us, 0 when
 *   absent (genpd_parse_state()).
 * - Levels: each depth of the power-domain tree above the CPUs'; the
 *   cpu-map's leaf clusters ("cluster"), SMT cores ("core"), sockets
 *   ("package") (drivers/base/arch_topology.c). Identical partitions are
 *   one level.
 * - CPU kinds with different states: a table per CPU set (cpuidle-psci's
 *   driver per CPU); a domain holding kinds whose states at its level
 *   differ gets one state in every set, as --dt-shared-domain chooses
 *   (pidle-dt-shared.c: the kernel leaves that to the PSCI firmware).
 */
#include <errno.h>
#include <limits.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <libfdt.h>
#include "pidle-dt.h"
#include "pidle_common.h"

#define DT_MAX_CPU_STATES	(PIDLE_MAX_STATES - 1)	/* WFI is state 0 */
#define DT_MAX_DEPTH		8	/* power-domain chain, own domain first */
#define DT_MAX_PD_STATES	16

struct dt_cpu {
	int node;
	int nr_states;
	int state[DT_MAX_CPU_STATES];
	int chain_len;
	int chain[DT_MAX_DEPTH];	/* PSCI power domains, own first */
	int socket, cluster, core;	/* cpu-map, or -1 */
	unsigned int threads;		/* threads of its core */
};

struct dt_ctx {
	const void *fdt;
	char *msg;
	struct pidle_dt_config *cfg;
	bool riscv;
	int pd_parent;			/* the node whose children are domains */
	unsigned int nr_cpus;
	struct dt_cpu *cpu;
	unsigned int nr_sel;
	unsigned int *sel;		/* imported CPU -> tree CPU */
	char path[4][256];
	unsigned int path_next;
};

/* The full path of @node, for messages (four live at a time). */
static const char *dt_path(struct dt_ctx *c, int node)
{
	char *buf = c->path[c->path_next++ % 4];

	if (fdt_get_path(c->fdt, node, buf, sizeof(c->path[0])) < 0)
		snprintf(buf, sizeof(c->path[0]), "(node at offset %d)", node);
	/* a name is bytes: messages are one printable line */
	for (char *p = buf; *p; p++)
		if ((unsigned char)*p < ' ' || *p == 0x7f)
			*p = '?';
	return buf;
}

static int dt_fail(struct dt_ctx *c, int status, const char *fmt, ...)
	__attribute__((format(printf, 3, 4)));
static int dt_fail(struct dt_ctx *c, int status, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(c->msg, PIDLE_DT_MSG_LEN, fmt, ap);
	va_end(ap);
	return status;
}

static void dt_vnote(struct pidle_dt_config *cfg, const char *fmt, va_list ap)
{
	if (cfg->nr_notes >= PIDLE_DT_MAX_NOTES)
		return;
	vsnprintf(cfg->note[cfg->nr_notes], PIDLE_DT_MSG_LEN, fmt, ap);
	/* once each: a state shared by many CPUs is read for each */
	for (unsigned int i = 0; i < cfg->nr_notes; i++)
		if (!strcmp(cfg->note[i], cfg->note[cfg->nr_notes]))
			return;
	cfg->nr_notes++;
}

void pidle_dt_note(struct pidle_dt_config *cfg, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	dt_vnote(cfg, fmt, ap);
	va_end(ap);
}

static void dt_note(struct dt_ctx *c, const char *fmt, ...)
	__attribute__((format(printf, 2, 3)));
static void dt_note(struct dt_ctx *c, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	dt_vnote(c->cfg, fmt, ap);
	va_end(ap);
}

/* The node's name without its unit address (of_node_name_eq()). */
static int dt_name_len(const char *name)
{
	const char *at = strchr(name, '@');

	return at ? (int)(at - name) : (int)strlen(name);
}

static bool dt_name_is(const void *fdt, int node, const char *want)
{
	const char *name = fdt_get_name(fdt, node, NULL);

	return name && dt_name_len(name) == (int)strlen(want) &&
	       !strncmp(name, want, strlen(want));
}

/* A string property equal to @want (the first string of a list). */
static bool dt_prop_is(const void *fdt, int node, const char *prop,
		       const char *want)
{
	int len;
	const char *v = fdt_getprop(fdt, node, prop, &len);

	return v && len > 0 && strnlen(v, len) < (size_t)len && !strcmp(v, want);
}

/* of_device_is_available(): status absent, "okay" or "ok". */
static bool dt_available(const void *fdt, int node)
{
	int len;
	const char *v = fdt_getprop(fdt, node, "status", &len);

	if (!v)
		return true;
	if (len <= 0 || strnlen(v, len) >= (size_t)len)
		return false;
	return !strcmp(v, "okay") || !strcmp(v, "ok");
}

/* __of_device_is_fail(): status "fail" or "fail-...". */
static bool dt_failed(const void *fdt, int node)
{
	int len;
	const char *v = fdt_getprop(fdt, node, "status", &len);

	return v && len >= 5 && !strncmp(v, "fail", 4) &&
	       (v[4] == '\0' || v[4] == '-');
}

/*
 * of_property_read_u32(): 0 and the value, -ENOENT when absent, -EINVAL
 * when shorter than a cell.
 */
static int dt_u32(const void *fdt, int node, const char *prop, uint32_t *val)
{
	int len;
	const fdt32_t *v = fdt_getprop(fdt, node, prop, &len);

	if (!v)
		return -ENOENT;
	if (len < 4)
		return -EINVAL;
	*val = fdt32_ld(v);
	return 0;
}

/*
 * The node of entry @index of a phandle list (@cells_name NULL: no
 * arguments) or of a phandle-with-arguments list (of_parse_phandle(),
 * of_parse_phandle_with_args()). 0 and *@out, -ENOENT when the property
 * or the entry is absent or an empty (zero) phandle, or an exit status
 * with the message: a phandle that points nowhere, a malformed list.
 */
static int dt_phandle(struct dt_ctx *c, int node, const char *prop,
		      const char *cells_name, int index, int *out)
{
	int len, i = 0, pos = 0, nr;
	const fdt32_t *v = fdt_getprop(c->fdt, node, prop, &len);

	if (!v)
		return -ENOENT;
	if (len % 4)
		return dt_fail(c, PIDLE_EXIT_INPUT, "%s: property %s is %d bytes long, not a list of cells",
			       dt_path(c, node), prop, len);
	nr = len / 4;
	while (pos < nr) {
		uint32_t ph = fdt32_ld(&v[pos]);
		uint32_t cells = 0;
		int target = -1;

		if (ph) {
			target = fdt_node_offset_by_phandle(c->fdt, ph);
			if (target < 0)
				return dt_fail(c, PIDLE_EXIT_INPUT, "%s: property %s: entry %d, phandle 0x%x, points to no node",
					       dt_path(c, node), prop, i, ph);
			if (cells_name) {
				int r = dt_u32(c->fdt, target, cells_name, &cells);

				if (r)
					return dt_fail(c, PIDLE_EXIT_INPUT, "%s: property %s: entry %d points to %s, which has no %s",
						       dt_path(c, node), prop, i,
						       dt_path(c, target), cells_name);
				if (cells > 16)
					return dt_fail(c, PIDLE_EXIT_INPUT, "%s: %s is %u, more than the 16 the kernel takes",
						       dt_path(c, target), cells_name, cells);
			}
		}
		if ((uint64_t)pos + 1 + cells > (uint64_t)nr)
			return dt_fail(c, PIDLE_EXIT_INPUT, "%s: property %s: entry %d has fewer than the %u argument cells %s says",
				       dt_path(c, node), prop, i, cells, cells_name);
		if (i == index) {
			if (!ph)
				return -ENOENT;
			*out = target;
			return 0;
		}
		pos += 1 + cells;
		i++;
	}
	return -ENOENT;
}

/* The CPU's first power domain (of_get_cpu_state_node()), or -ENOENT. */
static int dt_cpu_pd(struct dt_ctx *c, int cpu_node, int *pd)
{
	return dt_phandle(c, cpu_node, "power-domains", "#power-domain-cells", 0, pd);
}

/* of_get_cpu_state_node(@cpu_node, @index): 0 and *@out, -ENOENT, or a status. */
static int dt_cpu_state_node(struct dt_ctx *c, int cpu_node, int index, int *out)
{
	int pd, r;

	r = dt_cpu_pd(c, cpu_node, &pd);
	if (r > 0)
		return r;
	if (!r) {
		r = dt_phandle(c, pd, "domain-idle-states", NULL, index, out);
		if (r >= 0)
			return r;
		if (r != -ENOENT)
			return r;
	}
	return dt_phandle(c, cpu_node, "cpu-idle-states", NULL, index, out);
}

/* The CPUs, in the kernel's logical order. */
static int dt_find_cpus(struct dt_ctx *c)
{
	int cpus = fdt_path_offset(c->fdt, "/cpus");
	unsigned int n = 0;
	int node;

	if (cpus < 0)
		return dt_fail(c, PIDLE_EXIT_INPUT, "the devicetree has no /cpus node: no CPUs to import");
	for (int pass = 0; pass < 2; pass++) {
		n = 0;
		fdt_for_each_subnode(node, c->fdt, cpus) {
			bool riscv;

			if (dt_failed(c->fdt, node))
				continue;
			if (!dt_name_is(c->fdt, node, "cpu") &&
			    !dt_prop_is(c->fdt, node, "device_type", "cpu"))
				continue;
			riscv = fdt_getprop(c->fdt, node, "riscv,isa", NULL) ||
				fdt_getprop(c->fdt, node, "riscv,isa-base", NULL) ||
				!fdt_node_check_compatible(c->fdt, node, "riscv");
			if (riscv && !dt_available(c->fdt, node))
				continue;
			if (pass == 0) {
				c->riscv |= riscv;
			} else {
				c->cpu[n].node = node;
				c->cpu[n].socket = c->cpu[n].cluster = c->cpu[n].core = -1;
			}
			if (++n > PIDLE_MAX_CPUS)
				return dt_fail(c, PIDLE_EXIT_INPUT, "%s: more than %d CPUs, the module's limit (CPU numbers 0 to %d)",
					       dt_path(c, cpus), PIDLE_MAX_CPUS, PIDLE_MAX_CPUS - 1);
		}
		if (!n)
			return dt_fail(c, PIDLE_EXIT_INPUT, "%s: no CPU nodes (none named cpu or of device_type \"cpu\")",
				       dt_path(c, cpus));
		if (pass == 0) {
			c->cpu = calloc(n, sizeof(*c->cpu));
			if (!c->cpu)
				return dt_fail(c, PIDLE_EXIT_INPUT, "out of memory");
		}
	}
	c->nr_cpus = n;
	return 0;
}

/* The node that holds the CPU power domains: /psci (arm) or /cpus/power-domains. */
static int dt_find_pd_parent(struct dt_ctx *c)
{
	if (c->riscv)
		return fdt_path_offset(c->fdt, "/cpus/power-domains");
	/* psci_of_match in cpuidle-psci-domain.c: "arm,psci-1.0" only. */
	return fdt_node_offset_by_compatible(c->fdt, -1, "arm,psci-1.0");
}

/* Each CPU's states: of_get_cpu_state_node() for index 0, 1, ... */
static int dt_cpu_states(struct dt_ctx *c, struct dt_cpu *cpu)
{
	const char *compat = c->riscv ? "riscv,idle-state" : "arm,idle-state";
	const char *param = c->riscv ? "riscv,sbi-suspend-param" : "arm,psci-suspend-param";
	int r, node;

	for (int i = 0; ; i++) {
		r = dt_cpu_state_node(c, cpu->node, i, &node);
		if (r == -ENOENT)
			break;
		if (r)
			return r;
		/* dt_init_idle_driver(): a state that does not match stops the driver. */
		if (fdt_node_check_compatible(c->fdt, node, compat))
			return dt_fail(c, PIDLE_EXIT_INPUT, "%s: idle state %d of %s is not compatible \"%s\": the kernel's %s driver refuses the CPU",
				       dt_path(c, node), i, dt_path(c, cpu->node), compat,
				       c->riscv ? "cpuidle-riscv-sbi" : "cpuidle-psci");
		if (!dt_available(c->fdt, node))
			continue;
		if (!c->riscv && !dt_prop_is(c->fdt, cpu->node, "enable-method", "psci"))
			return dt_fail(c, PIDLE_EXIT_INPUT, "%s: enable-method is not \"psci\": cpuidle-psci, the kernel's driver for its idle states, refuses the CPU",
				       dt_path(c, cpu->node));
		if (!fdt_getprop(c->fdt, node, param, NULL))
			return dt_fail(c, PIDLE_EXIT_INPUT, "%s: no %s: the kernel's %s driver refuses the CPU",
				       dt_path(c, node), param,
				       c->riscv ? "cpuidle-riscv-sbi" : "cpuidle-psci");
		if (cpu->nr_states == DT_MAX_CPU_STATES)
			return dt_fail(c, PIDLE_EXIT_CONFIG, "%s: more than %d idle states: with WFI more than the %d a cpuidle driver (and the module) has",
				       dt_path(c, cpu->node), DT_MAX_CPU_STATES, PIDLE_MAX_STATES);
		cpu->state[cpu->nr_states++] = node;
	}
	return 0;
}

/* The chain of PSCI power domains above the CPU, its own first. */
static int dt_cpu_chain(struct dt_ctx *c, struct dt_cpu *cpu)
{
	int pd, r;

	if (c->pd_parent < 0)
		return 0;
	r = dt_cpu_pd(c, cpu->node, &pd);
	if (r == -ENOENT)
		return 0;
	if (r)
		return r;
	while (fdt_parent_offset(c->fdt, pd) == c->pd_parent) {
		for (int i = 0; i < cpu->chain_len; i++)
			if (cpu->chain[i] == pd)
				return dt_fail(c, PIDLE_EXIT_INPUT, "%s: power-domains makes a cycle (%s is its own ancestor)",
					       dt_path(c, cpu->chain[cpu->chain_len - 1]),
					       dt_path(c, pd));
		if (cpu->chain_len == DT_MAX_DEPTH)
			return dt_fail(c, PIDLE_EXIT_CONFIG, "%s: power domains more than %d deep above %s",
				       dt_path(c, pd), DT_MAX_DEPTH, dt_path(c, cpu->node));
		cpu->chain[cpu->chain_len++] = pd;
		r = dt_phandle(c, pd, "power-domains", "#power-domain-cells", 0, &pd);
		if (r == -ENOENT)
			break;
		if (r)
			return r;
	}
	return 0;
}

/* The CPU whose node is @node, or -1. */
static int dt_cpu_of_node(struct dt_ctx *c, int node)
{
	for (unsigned int i = 0; i < c->nr_cpus; i++)
		if (c->cpu[i].node == node)
			return i;
	return -1;
}

/* A cpu-map leaf ("cpu" phandle) -> the CPU, or a status. */
static int dt_map_cpu(struct dt_ctx *c, int node, int *cpu)
{
	int target, r;

	r = dt_phandle(c, node, "cpu", NULL, 0, &target);
	if (r == -ENOENT)
		return dt_fail(c, PIDLE_EXIT_INPUT, "%s: no cpu property", dt_path(c, node));
	if (r)
		return r;
	*cpu = dt_cpu_of_node(c, target);
	if (*cpu < 0)
		return dt_fail(c, PIDLE_EXIT_INPUT, "%s: property cpu points to %s, which is not a CPU of /cpus",
			       dt_path(c, node), dt_path(c, target));
	if (c->cpu[*cpu].cluster >= 0)
		return dt_fail(c, PIDLE_EXIT_INPUT, "%s: %s appears twice in cpu-map",
			       dt_path(c, node), dt_path(c, target));
	return 0;
}

/* parse_core(): threadN children, or a cpu of its own. */
static int dt_map_core(struct dt_ctx *c, int core, int socket, int cluster,
		       int core_id)
{
	char name[20];
	int cpus[64], n = 0, cpu, r, t;

	for (int i = 0; ; i++) {
		snprintf(name, sizeof(name), "thread%d", i);
		t = fdt_subnode_offset(c->fdt, core, name);
		if (t < 0)
			break;
		if (n == 64)
			return dt_fail(c, PIDLE_EXIT_INPUT, "%s: more than 64 threads", dt_path(c, core));
		r = dt_map_cpu(c, t, &cpu);
		if (r)
			return r;
		cpus[n++] = cpu;
		c->cpu[cpu].cluster = cluster;	/* marks it mapped */
	}
	if (n && fdt_getprop(c->fdt, core, "cpu", NULL))
		return dt_fail(c, PIDLE_EXIT_INPUT, "%s: has both threads and a cpu (arch_topology.c: \"Core has both threads and CPU\")",
			       dt_path(c, core));
	if (!n) {
		r = dt_map_cpu(c, core, &cpu);
		if (r)
			return r;
		cpus[n++] = cpu;
	}
	for (int i = 0; i < n; i++) {
		c->cpu[cpus[i]].socket = socket;
		c->cpu[cpus[i]].cluster = cluster;
		c->cpu[cpus[i]].core = core_id;
		c->cpu[cpus[i]].threads = n;
	}
	return 0;
}

/*
 * parse_cluster(): leaf clusters hold cores; nested ones are flattened to
 * their leaves, as the kernel does ("clusters of clusters not yet
 * supported").
 */
static int dt_map_cluster(struct dt_ctx *c, int node, int socket, int depth,
			  int *nr_clusters, int *nr_cores)
{
	char name[20];
	bool leaf = true;
	int sub, r, id = -1;

	if (depth > 8)
		return dt_fail(c, PIDLE_EXIT_INPUT, "%s: clusters nested more than 8 deep", dt_path(c, node));
	for (int i = 0; ; i++) {
		snprintf(name, sizeof(name), "cluster%d", i);
		sub = fdt_subnode_offset(c->fdt, node, name);
		if (sub < 0)
			break;
		leaf = false;
		if (depth > 0 && i == 0)
			dt_note(c, "%s: clusters of clusters: only the innermost become the level cluster, as the kernel's arch_topology.c does",
				dt_path(c, node));
		r = dt_map_cluster(c, sub, socket, depth + 1, nr_clusters, nr_cores);
		if (r)
			return r;
	}
	for (int i = 0; ; i++) {
		snprintf(name, sizeof(name), "core%d", i);
		sub = fdt_subnode_offset(c->fdt, node, name);
		if (sub < 0)
			break;
		if (depth == 0)
			return dt_fail(c, PIDLE_EXIT_INPUT, "%s: cpu-map children should be clusters (arch_topology.c)",
				       dt_path(c, sub));
		if (!leaf)
			return dt_fail(c, PIDLE_EXIT_INPUT, "%s: non-leaf cluster with core %s (arch_topology.c)",
				       dt_path(c, node), name);
		if (id < 0)
			id = (*nr_clusters)++;
		r = dt_map_core(c, sub, socket, id, (*nr_cores)++);
		if (r)
			return r;
	}
	return 0;
}

/*
 * cpu-map: sockets, clusters, cores, threads. A map that leaves a CPU
 * out is dropped, as parse_dt_topology() does.
 */
static int dt_cpu_map(struct dt_ctx *c, bool *have_sockets)
{
	int map = fdt_path_offset(c->fdt, "/cpus/cpu-map");
	int nr_clusters = 0, nr_cores = 0, r, sock;
	char name[20];

	*have_sockets = false;
	if (map < 0) {
		dt_note(c, "no /cpus/cpu-map: no cluster, core or package level from it");
		return 0;
	}
	for (int i = 0; ; i++) {
		snprintf(name, sizeof(name), "socket%d", i);
		sock = fdt_subnode_offset(c->fdt, map, name);
		if (sock < 0)
			break;
		*have_sockets = true;
		r = dt_map_cluster(c, sock, i, 0, &nr_clusters, &nr_cores);
		if (r)
			return r;
	}
	if (!*have_sockets) {
		r = dt_map_cluster(c, map, 0, 0, &nr_clusters, &nr_cores);
		if (r)
			return r;
	}
	for (unsigned int i = 0; i < c->nr_cpus; i++) {
		if (c->cpu[i].core < 0) {
			dt_note(c, "%s: leaves out %s: cpu-map ignored, as the kernel's parse_dt_topology() does",
				dt_path(c, map), dt_path(c, c->cpu[i].node));
			for (unsigned int j = 0; j < c->nr_cpus; j++)
				c->cpu[j].socket = c->cpu[j].cluster = c->cpu[j].core = -1;
			*have_sockets = false;
			break;
		}
	}
	return 0;
}

/* --dt-cpus: a list such as "0-3,6" of the tree's CPUs. */
static int dt_select(struct dt_ctx *c, const char *list)
{
	char shown[PIDLE_EXCERPT_LEN];
	unsigned char *want;
	const char *p = list;

	c->sel = calloc(c->nr_cpus, sizeof(*c->sel));
	want = calloc(c->nr_cpus, 1);
	if (!c->sel || !want) {
		free(want);
		return dt_fail(c, PIDLE_EXIT_INPUT, "out of memory");
	}
	/* Echoed in a message: a long one cut, so that the reason stays. */
	pidle_excerpt(list ? list : "", shown, sizeof(shown));
	if (!list) {
		memset(want, 1, c->nr_cpus);
	} else {
		while (*p) {
			char *end;
			unsigned long a, b;

			if (*p < '0' || *p > '9')
				goto bad;
			a = b = strtoul(p, &end, 10);
			p = end;
			if (*p == '-') {
				if (p[1] < '0' || p[1] > '9')
					goto bad;
				b = strtoul(p + 1, &end, 10);
				p = end;
			}
			if (a > b) {
				free(want);
				return dt_fail(c, PIDLE_EXIT_USAGE, "invalid --dt-cpus '%s': range %lu-%lu is backwards (write %lu-%lu)",
					       shown, a, b, b, a);
			}
			if (b >= c->nr_cpus) {
				free(want);
				return dt_fail(c, PIDLE_EXIT_USAGE, "invalid --dt-cpus '%s': the devicetree has CPUs 0-%u",
					       shown, c->nr_cpus - 1);
			}
			for (unsigned long i = a; i <= b; i++)
				want[i] = 1;
			if (*p == ',' && p[1])
				p++;
			else if (*p)
				goto bad;
		}
	}
	for (unsigned int i = 0; i < c->nr_cpus; i++)
		if (want[i])
			c->sel[c->nr_sel++] = i;
	free(want);
	if (!c->nr_sel)
		return dt_fail(c, PIDLE_EXIT_USAGE, "invalid --dt-cpus '%s': no CPU", shown);
	return 0;
bad:
	free(want);
	return dt_fail(c, PIDLE_EXIT_USAGE, "invalid --dt-cpus '%s': want a CPU list such as 0-3,6", shown);
}

/* A state node's figures, as init_state_node() / genpd_parse_state() read them. */
static int dt_read_state(struct dt_ctx *c, int node, bool domain,
			 struct pidle_dt_state *s)
{
	const char *name = fdt_get_name(c->fdt, node, NULL);
	uint32_t entry, exit_, res, wake;
	bool renamed = false;
	int len, r;

	memset(s, 0, sizeof(*s));
	s->node = node;
	s->domain = domain;
	r = dt_u32(c->fdt, node, "entry-latency-us", &entry);
	if (r == -EINVAL)
		return dt_fail(c, PIDLE_EXIT_INPUT, "%s: entry-latency-us is not a 32-bit cell", dt_path(c, node));
	if (!domain && !dt_u32(c->fdt, node, "wakeup-latency-us", &wake)) {
		/* dt_idle_states.c: wakeup-latency-us wins over entry + exit. */
		s->entry_us = 0;
		s->exit_us = wake;
	} else {
		if (r)
			return dt_fail(c, PIDLE_EXIT_INPUT, "%s: no entry-latency-us (%s refuses the state)",
				       dt_path(c, node), domain ? "genpd_parse_state()" : "dt_idle_states.c");
		r = dt_u32(c->fdt, node, "exit-latency-us", &exit_);
		if (r)
			return dt_fail(c, PIDLE_EXIT_INPUT, "%s: %s exit-latency-us (%s refuses the state)",
				       dt_path(c, node), r == -ENOENT ? "no" : "malformed",
				       domain ? "genpd_parse_state()" : "dt_idle_states.c");
		s->entry_us = entry;
		s->exit_us = exit_;
	}
	r = dt_u32(c->fdt, node, "min-residency-us", &res);
	if (r && (!domain || r == -EINVAL))
		return dt_fail(c, PIDLE_EXIT_INPUT, "%s: %s min-residency-us (dt_idle_states.c refuses the state)",
			       dt_path(c, node), r == -ENOENT ? "no" : "malformed");
	s->residency_us = r ? 0 : res;	/* genpd: residency 0 when absent */
	s->timer_stop = fdt_getprop(c->fdt, node, "local-timer-stop", NULL) != NULL;

	if ((uint64_t)s->entry_us + s->exit_us > PIDLE_MAX_EXIT_LATENCY_US)
		return dt_fail(c, PIDLE_EXIT_CONFIG, "%s: entry-latency-us + exit-latency-us (%u + %u us) is over the module's exit-latency cap, %llu us",
			       dt_path(c, node), s->entry_us, s->exit_us,
			       PIDLE_MAX_EXIT_LATENCY_US);
	if (s->residency_us > PIDLE_MAX_TIME_US)
		return dt_fail(c, PIDLE_EXIT_CONFIG, "%s: min-residency-us %u is over the module's cap, %llu us",
			       dt_path(c, node), s->residency_us, PIDLE_MAX_TIME_US);

	/* strscpy(idle_state->name, state_node->name, CPUIDLE_NAME_LEN) */
	len = name ? dt_name_len(name) : 0;
	if (len >= PIDLE_NAME_LEN) {
		dt_note(c, "%s: name cut to %d characters, %s", dt_path(c, node),
			PIDLE_NAME_LEN - 1, domain ? "the module's limit (genpd itself calls its states S0, S1, ...)" :
			"as cpuidle does (CPUIDLE_NAME_LEN)");
		len = PIDLE_NAME_LEN - 1;
	}
	for (int i = 0; i < len; i++) {
		char ch = name[i];

		if (!((ch >= 'a' && ch <= 'z') || (ch >= 'A' && ch <= 'Z') ||
		      (ch >= '0' && ch <= '9') || ch == '_' || ch == '.' || ch == '-')) {
			ch = '_';
			renamed = true;
		}
		s->name[i] = ch;
	}
	if (!len)
		snprintf(s->name, sizeof(s->name), "S");
	if (renamed)
		dt_note(c, "%s: name written %s: the module's state names are [A-Za-z0-9_.-]",
			dt_path(c, node), s->name);
	return 0;
}

static bool dt_state_same(const struct pidle_dt_state *a, const struct pidle_dt_state *b)
{
	return !strcmp(a->name, b->name) && a->entry_us == b->entry_us &&
	       a->exit_us == b->exit_us && a->residency_us == b->residency_us &&
	       a->timer_stop == b->timer_stop;
}

/* The table of CPU @i, read: its states' figures. */
static int dt_cpu_table(struct dt_ctx *c, unsigned int i, struct pidle_dt_state *st)
{
	for (int k = 0; k < c->cpu[i].nr_states; k++) {
		int r = dt_read_state(c, c->cpu[i].state[k], false, &st[k]);

		if (r)
			return r;
	}
	return 0;
}

/* "CPUs 0-3 (a, b), CPUs 4-7 (c)": the imported CPUs grouped by table. */
static void dt_groups(struct dt_ctx *c, struct pidle_dt_state (*tab)[DT_MAX_CPU_STATES],
		      char *buf, size_t size)
{
	unsigned char *done = calloc(c->nr_sel, 1);
	size_t n = 0;

	buf[0] = '\0';
	if (!done)
		return;
	for (unsigned int i = 0; i < c->nr_sel && n < size; i++) {
		unsigned int cpu = c->sel[i], prev = UINT_MAX, start = 0;
		bool first = true;

		if (done[i])
			continue;
		{
			unsigned int members = 0;

			for (unsigned int j = i; j < c->nr_sel; j++) {
				bool same = c->cpu[c->sel[j]].nr_states == c->cpu[cpu].nr_states;

				for (int k = 0; same && k < c->cpu[cpu].nr_states; k++)
					same = dt_state_same(&tab[j][k], &tab[i][k]);
				members += same && !done[j];
			}
			n += snprintf(buf + n, size - n, "%sCPU%s ", n ? "; " : "",
				      members > 1 ? "s" : "");
		}
		for (unsigned int j = i; j < c->nr_sel && n < size; j++) {
			unsigned int o = c->sel[j];
			bool same = c->cpu[o].nr_states == c->cpu[cpu].nr_states;

			for (int k = 0; same && k < c->cpu[o].nr_states; k++)
				same = dt_state_same(&tab[j][k], &tab[i][k]);
			if (!same)
				continue;
			done[j] = 1;
			if (prev != UINT_MAX && o == prev + 1) {
				prev = o;
				continue;
			}
			if (prev != UINT_MAX && prev != start)
				n += snprintf(buf + n, size - n, "-%u", prev);
			n += snprintf(buf + n, size - n, "%s%u", first ? "" : ",", o);
			first = false;
			start = prev = o;
		}
		if (prev != start && n < size)
			n += snprintf(buf + n, size - n, "-%u", prev);
		if (n < size)
			n += snprintf(buf + n, size - n, " (");
		for (int k = 0; k < c->cpu[cpu].nr_states && n < size; k++)
			n += snprintf(buf + n, size - n, "%s%s", k ? " " : "", tab[i][k].name);
		if (!c->cpu[cpu].nr_states && n < size)
			n += snprintf(buf + n, size - n, "none");
		if (n < size)
			n += snprintf(buf + n, size - n, ")");
	}
	free(done);
}

/*
 * The CPU states of the imported CPUs: one table when they agree; else a
 * table per CPU kind (CPU set), as cpuidle-psci registers a driver per
 * CPU, which the module does per set with CONFIG_CPU_IDLE_MULTIPLE_DRIVERS
 * (Documentation/admin-guide.rst, "Tables per CPU set"). Sets in the
 * order of their first CPU. A set may have fewer or more CPU states than
 * another (msm8956), which the module takes as tables of different
 * lengths when they are all at cpu level (dt_set_levels()).
 */
static int dt_cpu_states_common(struct dt_ctx *c, struct pidle_dt_config *cfg,
				struct pidle_dt_state *out, int *nr)
{
	struct pidle_dt_state (*tab)[DT_MAX_CPU_STATES];
	unsigned int first = c->sel[0], rep[PIDLE_MAX_CPU_SETS], nr_sets = 0;
	unsigned int *set_of;
	int r = 0;

	tab = calloc(c->nr_sel, sizeof(*tab));
	set_of = calloc(c->nr_sel, sizeof(*set_of));
	if (!tab || !set_of) {
		free(tab);
		free(set_of);
		return dt_fail(c, PIDLE_EXIT_INPUT, "out of memory");
	}
	for (unsigned int i = 0; i < c->nr_sel; i++) {
		r = dt_cpu_table(c, c->sel[i], tab[i]);
		if (r)
			goto out;
	}
	for (unsigned int i = 0; i < c->nr_sel; i++) {
		unsigned int o = c->sel[i], s;

		for (s = 0; s < nr_sets; s++) {
			unsigned int p = c->sel[rep[s]];
			bool same = c->cpu[o].nr_states == c->cpu[p].nr_states;

			for (int k = 0; same && k < c->cpu[o].nr_states; k++)
				same = dt_state_same(&tab[i][k], &tab[rep[s]][k]);
			if (same)
				break;
		}
		if (s == nr_sets) {
			char groups[400];

			dt_groups(c, tab, groups, sizeof(groups));
			if (nr_sets == PIDLE_MAX_CPU_SETS) {
				r = dt_fail(c, PIDLE_EXIT_CONFIG, "more than %d kinds of CPU with different idle states (%s): the module takes a table for each of at most %d CPU sets; import some kinds with --dt-cpus",
					    PIDLE_MAX_CPU_SETS, groups, PIDLE_MAX_CPU_SETS);
				goto out;
			}
			rep[nr_sets++] = i;
		}
		set_of[i] = s;
	}
	*nr = c->cpu[first].nr_states;
	memcpy(out, tab[0], *nr * sizeof(*out));
	if (nr_sets > 1) {
		char groups[400];

		cfg->nr_sets = nr_sets;
		cfg->set_of = set_of;
		set_of = NULL;
		cfg->nr_cpu_states = *nr;
		for (unsigned int s = 0; s < nr_sets; s++) {
			/* a kind's own number of states (tables of different lengths) */
			cfg->set_nr[s] = c->cpu[c->sel[rep[s]]].nr_states;
			memcpy(cfg->set_state[s], tab[rep[s]],
			       cfg->set_nr[s] * sizeof(tab[0][0]));
		}
		dt_groups(c, tab, groups, sizeof(groups));
		dt_note(c, "the CPUs have different idle states (%s): a table per CPU set (states=CPUS=TABLE;...), which needs a kernel with CONFIG_CPU_IDLE_MULTIPLE_DRIVERS (the eval kernel); --dt-cpus imports one kind",
			groups);
	}
out:
	free(set_of);
	free(tab);
	return r;
}

/* A domain's genpd states: genpd_iterate_idle_states(). */
static int dt_pd_states(struct dt_ctx *c, int pd, struct pidle_dt_state *st, int *nr)
{
	int node, r;

	*nr = 0;
	for (int i = 0; ; i++) {
		r = dt_phandle(c, pd, "domain-idle-states", NULL, i, &node);
		if (r == -ENOENT)
			break;
		if (r)
			return r;
		if (fdt_node_check_compatible(c->fdt, node, "domain-idle-state"))
			continue;
		if (!dt_available(c->fdt, node))
			continue;
		if (*nr == DT_MAX_PD_STATES)
			return dt_fail(c, PIDLE_EXIT_CONFIG, "%s: more than %d domain idle states",
				       dt_path(c, pd), DT_MAX_PD_STATES);
		r = dt_read_state(c, node, true, &st[(*nr)++]);
		if (r)
			return r;
	}
	return 0;
}

/* A candidate level: a partition of the imported CPUs. */
struct dt_part {
	char name[PIDLE_NAME_LEN];
	unsigned int nr;		/* domains */
	unsigned int *dom;		/* per imported CPU */
	int depth;			/* power-domain depth, or -1 */
	int level;			/* what it became in the config, or -1 */
	bool per_cpu;			/* every domain one CPU of the tree */
	int pd_of_dom0;			/* a power domain of it, for messages */
};

/* Renumber @key (per imported CPU) as domains in order of lowest CPU. */
static int dt_part_make(struct dt_part *p, const int *key, unsigned int n)
{
	p->dom = calloc(n, sizeof(*p->dom));
	if (!p->dom)
		return -1;
	p->nr = 0;
	for (unsigned int i = 0; i < n; i++) {
		unsigned int j;

		for (j = 0; j < i; j++)
			if (key[j] == key[i])
				break;
		p->dom[i] = j < i ? p->dom[j] : p->nr++;
	}
	return 0;
}

static bool dt_part_equal(const struct dt_part *a, const struct dt_part *b, unsigned int n)
{
	if (a->nr != b->nr)
		return false;
	for (unsigned int i = 0; i < n; i++)
		if (a->dom[i] != b->dom[i])
			return false;
	return true;
}

/* Every domain of @in lies in one domain of @out. */
static bool dt_part_nests(const struct dt_part *in, const struct dt_part *out, unsigned int n)
{
	for (unsigned int i = 0; i < n; i++)
		for (unsigned int j = i + 1; j < n; j++)
			if (in->dom[i] == in->dom[j] && out->dom[i] != out->dom[j])
				return false;
	return true;
}

static int dt_fail_oom(struct dt_ctx *c)
{
	return dt_fail(c, PIDLE_EXIT_INPUT, "out of memory");
}

/* The root's model (or first compatible), for the table's name. */
static void dt_model(struct dt_ctx *c)
{
	int len;
	const char *m = fdt_getprop(c->fdt, 0, "model", &len);

	if (!m || len <= 0 || strnlen(m, len) >= (size_t)len)
		m = fdt_getprop(c->fdt, 0, "compatible", &len);
	if (m && len > 0 && strnlen(m, len) < (size_t)len)
		snprintf(c->cfg->model, sizeof(c->cfg->model), "%s", m);
	for (char *p = c->cfg->model; *p; p++)
		if ((unsigned char)*p < ' ' || *p == 0x7f)
			*p = '?';
}

/*
 * The PSCI power level of CPU state @s as the original format carries it
 * (bits 25:24, PSCI_0_2_POWER_STATE_AFFL_MASK), in *@param its
 * arm,psci-suspend-param; 0 for a domain state, one without the property,
 * or one in the extended format (bit 30 set: no level the kernel knows).
 */
static unsigned int dt_psci_level(struct dt_ctx *c, const struct pidle_dt_state *s,
				  uint32_t *param)
{
	*param = 0;
	if (c->riscv || s->domain || s->node < 0 ||
	    dt_u32(c->fdt, s->node, "arm,psci-suspend-param", param))
		return 0;
	return (*param & (1u << 30)) ? 0 : (*param >> 24) & 3;
}

/*
 * Each set's CPU states at the levels set 0's took (a PSCI power level),
 * set 0's under their final names. In PC mode a set's state whose own
 * power level is not set 0's is refused: the level is the firmware's
 * reading of the parameter, and the module's sets need the same levels.
 */
/* A set whose number of CPU states is not set @s's (there is one). */
static unsigned int dt_other_length(const struct pidle_dt_config *cfg,
				    unsigned int s)
{
	unsigned int o;

	for (o = 0; o < cfg->nr_sets; o++)
		if (cfg->set_nr[o] != cfg->set_nr[s])
			break;
	return o < cfg->nr_sets ? o : s;
}

static int dt_set_levels(struct dt_ctx *c, struct pidle_dt_config *cfg)
{
	bool lengths = false;

	for (unsigned int s = 0; s < cfg->nr_sets; s++)
		lengths |= cfg->set_nr[s] != cfg->nr_cpu_states;
	/*
	 * Kinds with different numbers of states: each its own table length,
	 * at cpu level only. A CPU state at a domain level (its PSCI power
	 * level) is a domain's, which its sets must agree on state by state.
	 */
	for (unsigned int s = 0; lengths && s < cfg->nr_sets; s++)
		for (unsigned int k = 0; k < cfg->set_nr[s]; k++) {
			struct pidle_dt_state *a = &cfg->set_state[s][k];
			uint32_t pa;
			unsigned int la = dt_psci_level(c, a, &pa);
			const char *lv = s ? (la ? "a domain level" : "cpu") :
					 cfg->state[1 + k].level;

			if (!strcmp(lv, "cpu") && (!la || cfg->mode != PIDLE_DT_MODE_PC)) {
				if (!s)
					*a = cfg->state[1 + k];
				else
					snprintf(a->level, sizeof(a->level), "cpu");
				continue;
			}
			return dt_fail(c, PIDLE_EXIT_CONFIG, "%s: a CPU state at %s%s%s (arm,psci-suspend-param 0x%08x), and the CPU kinds have different numbers of idle states (this one %u, another %u): the module's CPU sets of different lengths take cpu-level states only; import one kind with --dt-cpus",
				       dt_path(c, a->node), s ? "" : "level \"", lv,
				       s ? "" : "\"", pa, cfg->set_nr[s],
				       cfg->set_nr[dt_other_length(cfg, s)]);
		}
	if (lengths)
		return 0;
	for (unsigned int s = 0; s < cfg->nr_sets; s++)
		for (unsigned int k = 0; k < cfg->nr_cpu_states; k++) {
			struct pidle_dt_state *a = &cfg->set_state[s][k];
			const struct pidle_dt_state *b = &cfg->state[1 + k];
			uint32_t pa, pb;
			unsigned int la, lb;

			if (!s) {
				*a = *b;
				continue;
			}
			memcpy(a->level, b->level, sizeof(a->level));
			if (cfg->mode != PIDLE_DT_MODE_PC)
				continue;
			la = dt_psci_level(c, a, &pa);
			lb = dt_psci_level(c, b, &pb);
			if (la != lb)
				return dt_fail(c, PIDLE_EXIT_CONFIG, "%s: arm,psci-suspend-param 0x%08x is PSCI power level %u, and %s, the same state of the first CPU's kind, 0x%08x level %u: the module's CPU sets need their states at the same levels",
					       dt_path(c, a->node), pa, la, dt_path(c, b->node), pb, lb);
		}
	return 0;
}

/*
 * The order the module wants of one table, @seq[0 .. @n - 1] (the one
 * table, or a CPU set's as the module takes it): residency and latency
 * never decrease. In PC mode along the whole table, cpuidle's driver
 * getting it all (the kernel's Documentation/driver-api/pm/cpuidle.rst:
 * ascending target residency); in OSI mode along each level's states
 * alone: cpuidle has the CPU states, genpd each domain's, and nothing
 * orders the one against the other (sm6115's cluster state of 782 us
 * after its CPU state of 1182 us). 0, or the refusal naming the state.
 */
static int dt_check_order(struct dt_ctx *c, const struct pidle_dt_state *const *seq,
			  unsigned int n, enum pidle_dt_mode mode)
{
	const char *why = mode == PIDLE_DT_MODE_OSI ? "the module's table is ordered by target residency along each level" :
		"the module's table is ordered by target residency (in PC mode cpuidle gets the whole table)";
	int r;

	for (unsigned int k = 1; k < n; k++) {
		const struct pidle_dt_state *a = seq[k - 1], *b = seq[k];
		const char *an;

		if (mode == PIDLE_DT_MODE_OSI) {
			unsigned int j = k;

			while (j-- > 0 && (seq[j]->domain != b->domain ||
					   strcmp(seq[j]->level, b->level)))
				;
			if (j >= k)
				continue;
			a = seq[j];
		}
		an = a->node >= 0 ? dt_path(c, a->node) : "WFI";
		if (b->residency_us < a->residency_us) {
			r = dt_fail(c, PIDLE_EXIT_CONFIG, "%s: min-residency-us %u is less than that of %s before it (%u): %s",
				    dt_path(c, b->node), b->residency_us, an, a->residency_us, why);
			return r;
		}
		/*
		 * OSI: a domain state's exit field is its power-on latency
		 * alone, held against its level's state before it.
		 */
		if (mode == PIDLE_DT_MODE_OSI && b->domain && b->exit_us < a->exit_us) {
			r = dt_fail(c, PIDLE_EXIT_CONFIG, "%s: exit-latency-us %u (power-on) is less than that of %s before it (%u us): the module's OSI table must not decrease in exit latency along a level",
				    dt_path(c, b->node), b->exit_us, an, a->exit_us);
			return r;
		}
		if (b->entry_us + b->exit_us < a->entry_us + a->exit_us) {
			r = dt_fail(c, PIDLE_EXIT_CONFIG, "%s: exit latency (entry+exit) %u us is less than that of %s before it (%u us): the module's table must not decrease in latency%s",
				    dt_path(c, b->node), b->entry_us + b->exit_us, an,
				    a->entry_us + a->exit_us,
				    mode == PIDLE_DT_MODE_OSI ? " along a level" : "");
			return r;
		}
	}
	return 0;
}

/* A power-domain depth's domain states in the table (pidle_dt_import()). */
struct dt_dom_at {
	bool differ;		/* its domains' domain-idle-states differ */
	int start, nr;		/* its states: cfg->state[start ..], set 0's */
	int level;		/* the config's level */
};

/* Whether the domains @a and @b have the same genpd states. */
static int dt_pd_same(struct dt_ctx *c, int a, int b, bool *same)
{
	struct pidle_dt_state sa[DT_MAX_PD_STATES], sb[DT_MAX_PD_STATES];
	int na, nb, r;

	*same = a == b;
	if (*same)
		return 0;
	r = dt_pd_states(c, a, sa, &na);
	if (!r)
		r = dt_pd_states(c, b, sb, &nb);
	if (r)
		return r;
	*same = na == nb;
	for (int k = 0; *same && k < na; k++)
		*same = dt_state_same(&sa[k], &sb[k]);
	return 0;
}

/*
 * Domains of a level with different domain-idle-states (sm6115's two
 * clusters): genpd gives each domain its own states, the module a domain
 * the states its CPUs' set gives at the domain's level. So the CPU sets
 * are split by domain there: a set per combination of CPU states (the
 * kind's set) and domain states, in the order of their first CPU, each
 * with its domain's states at such a level (@cfg->set_dom) and the
 * level's common ones elsewhere. A domain of another level that then
 * holds sets differing at its own level cannot be: every level whose
 * domains differ is split by, and a level whose domains agree gives every
 * set the same states. @cfg's state[] keeps set 0's (the first CPU's).
 */
static int dt_split_sets(struct dt_ctx *c, struct pidle_dt_config *cfg,
			 const struct dt_dom_at *at, int depth, unsigned int nr_cpu_st)
{
	unsigned int rep[PIDLE_MAX_CPU_SETS], old_rep[PIDLE_MAX_CPU_SETS], nr = 0;
	unsigned int nr_dom = cfg->nr_states - 1 - nr_cpu_st;
	unsigned int *cls = NULL, *set_of = NULL;
	bool any = false;
	char groups[400];
	size_t n = 0;
	int r = 0;

	for (int d = 0; d < depth; d++)
		any |= at[d].differ;
	if (!any)
		return 0;
	/* cls[i * depth + d]: the first CPU whose domain at d has i's states */
	cls = calloc((size_t)c->nr_sel * depth, sizeof(*cls));
	set_of = calloc(c->nr_sel, sizeof(*set_of));
	if (!cls || !set_of) {
		r = dt_fail_oom(c);
		goto out;
	}
	for (unsigned int i = 0; i < c->nr_sel; i++)
		for (int d = 0; d < depth; d++) {
			unsigned int j;
			bool same = false;

			for (j = 0; j < i && at[d].differ; j++) {
				r = dt_pd_same(c, c->cpu[c->sel[j]].chain[d],
					       c->cpu[c->sel[i]].chain[d], &same);
				if (r)
					goto out;
				if (same)
					break;
			}
			cls[i * depth + d] = at[d].differ && j < i ? cls[j * depth + d] : i;
		}
	for (unsigned int i = 0; i < c->nr_sel; i++) {
		unsigned int kind = cfg->nr_sets ? cfg->set_of[i] : 0, s;

		for (s = 0; s < nr; s++) {
			unsigned int o = rep[s];
			bool same = (cfg->nr_sets ? cfg->set_of[o] : 0) == kind;

			for (int d = 0; same && d < depth; d++)
				same = !at[d].differ || cls[o * depth + d] == cls[i * depth + d];
			if (same)
				break;
		}
		if (s == nr) {
			if (nr == PIDLE_MAX_CPU_SETS) {
				r = dt_fail(c, PIDLE_EXIT_CONFIG, "%s: with its domain's domain-idle-states, more than %d CPU sets (a set per kind of CPU states and domain states): the module takes a table for each of at most %d; import some CPUs with --dt-cpus",
					    dt_path(c, c->cpu[c->sel[i]].node), PIDLE_MAX_CPU_SETS,
					    PIDLE_MAX_CPU_SETS);
				goto out;
			}
			rep[nr] = i;
			old_rep[nr++] = kind;
		}
		set_of[i] = s;
	}
	/* The new sets' CPU states: their kind's. */
	{
		struct pidle_dt_state cpu[PIDLE_MAX_CPU_SETS][PIDLE_MAX_STATES];
		unsigned int cpu_nr[PIDLE_MAX_CPU_SETS];

		for (unsigned int s = 0; s < nr; s++) {
			unsigned int k = old_rep[s];

			cpu_nr[s] = cfg->nr_sets ? cfg->set_nr[k] : nr_cpu_st;
			for (unsigned int j = 0; j < cpu_nr[s]; j++)
				cpu[s][j] = cfg->nr_sets ? cfg->set_state[k][j] : cfg->state[1 + j];
		}
		for (unsigned int s = 0; s < nr; s++) {
			cfg->set_nr[s] = cpu_nr[s];
			memcpy(cfg->set_state[s], cpu[s], cpu_nr[s] * sizeof(cpu[s][0]));
		}
	}
	/* Their domain states: their domain's where a level's differ. */
	for (unsigned int s = 0; s < nr; s++) {
		for (unsigned int j = 0; j < nr_dom; j++)
			cfg->set_dom[s][j] = cfg->state[1 + nr_cpu_st + j];
		for (int d = 0; d < depth; d++) {
			struct pidle_dt_state st[DT_MAX_PD_STATES];
			int nst;

			if (!at[d].differ)
				continue;
			r = dt_pd_states(c, c->cpu[c->sel[rep[s]]].chain[d], st, &nst);
			if (r)
				goto out;
			for (int k = 0; k < nst && k < at[d].nr; k++) {
				struct pidle_dt_state *o = &cfg->set_dom[s][at[d].start - 1 - nr_cpu_st + k];

				*o = st[k];
				memcpy(o->level, cfg->level[at[d].level].name, PIDLE_NAME_LEN);
			}
		}
	}
	free(cfg->set_of);
	cfg->set_of = set_of;
	set_of = NULL;
	cfg->nr_sets = nr;
	cfg->nr_cpu_states = nr_cpu_st;
	cfg->dom_per_set = true;
	/* Said once: "CPUs 0-3 (cluster-sleep-0-0 ...); CPUs 4-7 (...)" */
	groups[0] = '\0';
	for (unsigned int s = 0; s < nr && n < sizeof(groups); s++) {
		char cpus[64];

		if (pidle_dt_cpus_print(cfg->set_of, s, c->nr_sel, cpus, sizeof(cpus)) < 0)
			snprintf(cpus, sizeof(cpus), "...");
		n += snprintf(groups + n, sizeof(groups) - n, "%sset %u, CPU%s %s (", s ? "; " : "",
			      s, strpbrk(cpus, "-,") ? "s" : "", cpus);
		for (unsigned int j = 0; j < nr_dom && n < sizeof(groups); j++) {
			/* the node's name (a name is bytes: printable here) */
			const char *p = dt_path(c, cfg->set_dom[s][j].node), *b = strrchr(p, '/');

			n += snprintf(groups + n, sizeof(groups) - n, "%s%s", j ? " " : "",
				      b ? b + 1 : p);
		}
		if (n < sizeof(groups))
			n += snprintf(groups + n, sizeof(groups) - n, ")");
	}
	for (int d = 0; d < depth; d++)
		if (at[d].differ)
			dt_note(c, "the power domains of level %s have different domain-idle-states (%s): a table per CPU set, a set per domain with its domain's states, as genpd gives each domain its own; needs a kernel with CONFIG_CPU_IDLE_MULTIPLE_DRIVERS (the eval kernel)",
				cfg->level[at[d].level].name, groups);
out:
	free(set_of);
	free(cls);
	return r;
}

int pidle_dt_import(const void *fdt, size_t size, enum pidle_dt_mode mode,
		    const char *cpus, const struct pidle_dt_shared *shared,
		    struct pidle_dt_config *cfg, char msg[PIDLE_DT_MSG_LEN])
{
	struct dt_ctx c = { .fdt = fdt, .msg = msg, .cfg = cfg };
	struct dt_part part[2 * DT_MAX_DEPTH + 3];
	struct pidle_dt_state cpu_st[DT_MAX_CPU_STATES];
	int nr_part = 0, nr_cpu_st = 0, depth = -1, r;
	bool have_sockets, own_is_cpu = true, any_domain_state = false;
	struct dt_dom_at dom_at[DT_MAX_DEPTH];
	int *key = NULL;

	memset(cfg, 0, sizeof(*cfg));
	memset(part, 0, sizeof(part));
	msg[0] = '\0';

	/* The blob: whole and sound before anything reads it. */
	if (size < sizeof(struct fdt_header) || fdt_magic(fdt) != FDT_MAGIC)
		return dt_fail(&c, PIDLE_EXIT_INPUT, "not a devicetree blob (no FDT magic 0xd00dfeed at the start)");
	if (fdt_totalsize(fdt) > size)
		return dt_fail(&c, PIDLE_EXIT_INPUT, "truncated devicetree blob: its header says %u bytes, the file has %zu",
			       fdt_totalsize(fdt), size);
	/*
	 * Versions 16 and 17 only (dtc writes 17): libfdt's handling of
	 * the older formats (full paths as names, no struct size) is where
	 * fdt_check_full() of libfdt 1.6.1 reads through a NULL pointer.
	 */
	if (fdt_version(fdt) < 16)
		return dt_fail(&c, PIDLE_EXIT_INPUT, "devicetree blob of version %u: only versions 16 and 17 are read (dtc writes 17)",
			       fdt_version(fdt));
	r = fdt_check_full(fdt, size);
	if (r)
		return dt_fail(&c, PIDLE_EXIT_INPUT, "corrupt devicetree blob: %s", fdt_strerror(r));
	dt_model(&c);

	r = dt_find_cpus(&c);
	if (r)
		goto out;
	cfg->nr_dt_cpus = c.nr_cpus;
	c.pd_parent = dt_find_pd_parent(&c);
	for (unsigned int i = 0; i < c.nr_cpus; i++) {
		r = dt_cpu_states(&c, &c.cpu[i]);
		if (!r)
			r = dt_cpu_chain(&c, &c.cpu[i]);
		if (r)
			goto out;
	}
	r = dt_cpu_map(&c, &have_sockets);
	if (r)
		goto out;
	r = dt_select(&c, cpus);
	if (r)
		goto out;
	cfg->nr_cpus = c.nr_sel;

	/* States of the CPU level: one table for all imported CPUs. */
	r = dt_cpu_states_common(&c, cfg, cpu_st, &nr_cpu_st);
	if (r)
		goto out;

	key = calloc(c.nr_sel, sizeof(*key));
	cfg->cluster = calloc(c.nr_sel, sizeof(*cfg->cluster));
	cfg->cpu_node = calloc(c.nr_sel, sizeof(*cfg->cpu_node));
	if (!key || !cfg->cluster || !cfg->cpu_node) {
		r = dt_fail_oom(&c);
		goto out;
	}
	for (unsigned int i = 0; i < c.nr_sel; i++) {
		cfg->cluster[i] = c.cpu[c.sel[i]].cluster;
		cfg->cpu_node[i] = c.cpu[c.sel[i]].node;
	}

	/* The power-domain tree: every CPU as deep below its root. */
	for (unsigned int i = 0; i < c.nr_sel; i++) {
		const struct dt_cpu *a = &c.cpu[c.sel[i]], *b = &c.cpu[c.sel[0]];

		if (a->chain_len != b->chain_len) {
			r = dt_fail(&c, PIDLE_EXIT_CONFIG, "%s is %d power domains deep, %s %d (power-domains under %s): the module's levels must each hold every CPU",
				    dt_path(&c, a->node), a->chain_len, dt_path(&c, b->node),
				    b->chain_len, c.pd_parent >= 0 ? dt_path(&c, c.pd_parent) : "/");
			goto out;
		}
		depth = a->chain_len;
	}
	/* A CPU's own domain with one CPU is the CPU itself (cpu level). */
	if (depth > 0) {
		for (unsigned int i = 0; i < c.nr_cpus && own_is_cpu; i++)
			for (unsigned int j = i + 1; j < c.nr_cpus; j++)
				if (c.cpu[i].chain_len && c.cpu[j].chain_len &&
				    c.cpu[i].chain[0] == c.cpu[j].chain[0]) {
					own_is_cpu = false;
					break;
				}
	}
	for (int d = own_is_cpu ? 1 : 0; d < depth; d++) {
		struct dt_part *p = &part[nr_part++];

		for (unsigned int i = 0; i < c.nr_sel; i++)
			key[i] = c.cpu[c.sel[i]].chain[d];
		if (dt_part_make(p, key, c.nr_sel)) {
			r = dt_fail_oom(&c);
			goto out;
		}
		p->depth = d;
		p->pd_of_dom0 = key[0];
		p->per_cpu = true;
		for (unsigned int i = 0; i < c.nr_cpus && p->per_cpu; i++)
			for (unsigned int j = i + 1; j < c.nr_cpus; j++)
				if (c.cpu[i].chain_len > d && c.cpu[j].chain_len > d &&
				    c.cpu[i].chain[d] == c.cpu[j].chain[d]) {
					p->per_cpu = false;
					break;
				}
	}
	if (c.cpu[c.sel[0]].core >= 0) {
		bool smt = false;

		for (unsigned int i = 0; i < c.nr_sel; i++)
			smt |= c.cpu[c.sel[i]].threads > 1;
		struct {
			const char *name;
			bool want;
			int which;
		} lv[] = {
			{ "core", smt, 0 }, { "cluster", true, 1 }, { "package", have_sockets, 2 },
		};
		for (unsigned int l = 0; l < 3; l++) {
			struct dt_part *p;

			if (!lv[l].want)
				continue;
			p = &part[nr_part++];
			for (unsigned int i = 0; i < c.nr_sel; i++) {
				const struct dt_cpu *a = &c.cpu[c.sel[i]];

				key[i] = lv[l].which == 0 ? a->core :
					 lv[l].which == 1 ? a->cluster : a->socket;
			}
			if (dt_part_make(p, key, c.nr_sel)) {
				r = dt_fail_oom(&c);
				goto out;
			}
			snprintf(p->name, sizeof(p->name), "%s", lv[l].name);
			p->depth = -1;
			/* over the whole tree: a cluster of one CPU is still one CPU */
			p->per_cpu = true;
			for (unsigned int i = 0; i < c.nr_cpus && p->per_cpu; i++)
				for (unsigned int j = i + 1; j < c.nr_cpus; j++) {
					const struct dt_cpu *a = &c.cpu[i], *b = &c.cpu[j];
					int ka = lv[l].which == 0 ? a->core : lv[l].which == 1 ? a->cluster : a->socket;
					int kb = lv[l].which == 0 ? b->core : lv[l].which == 1 ? b->cluster : b->socket;

					if (ka == kb) {
						p->per_cpu = false;
						break;
					}
				}
		}
	}

	/* --dt-cpus: domains that hold CPUs left out, and the new numbers. */
	if (cpus) {
		unsigned char *in = calloc(c.nr_cpus, 1);

		if (!in) {
			r = dt_fail_oom(&c);
			goto out;
		}
		for (unsigned int i = 0; i < c.nr_sel; i++)
			in[c.sel[i]] = 1;
		for (int d = 0; d < depth; d++) {
			bool told = false;

			for (unsigned int j = 0; j < c.nr_cpus && !told; j++) {
				if (in[j] || c.cpu[j].chain_len <= d)
					continue;
				for (unsigned int i = 0; i < c.nr_sel && !told; i++)
					if (c.cpu[c.sel[i]].chain[d] == c.cpu[j].chain[d]) {
						dt_note(&c, "%s also holds %s, not imported: the module's domain has the imported CPUs only, so it goes down without them",
							dt_path(&c, c.cpu[j].chain[d]), dt_path(&c, c.cpu[j].node));
						told = true;
					}
			}
		}
		for (unsigned int j = 0; j < c.nr_cpus; j++) {
			bool told = false;

			if (in[j] || c.cpu[j].cluster < 0)
				continue;
			for (unsigned int i = 0; i < c.nr_sel && !told; i++)
				if (c.cpu[c.sel[i]].cluster == c.cpu[j].cluster) {
					dt_note(&c, "cpu-map's cluster of %s also holds %s, not imported: the module's cluster has the imported CPUs only",
						dt_path(&c, c.cpu[c.sel[i]].node), dt_path(&c, c.cpu[j].node));
					told = true;
				}
			if (told)
				break;
		}
		if (c.sel[c.nr_sel - 1] != c.nr_sel - 1)
			dt_note(&c, "--dt-cpus %s: the imported CPUs are numbered %s%u in the module, in the devicetree's order",
				cpus, c.nr_sel > 1 ? "0-" : "", c.nr_sel - 1);
		free(in);
	}

	/* Names of the power-domain levels: the cpu-map's where they agree. */
	for (int i = 0; i < nr_part; i++) {
		struct dt_part *p = &part[i];

		if (p->depth < 0)
			continue;
		for (int j = 0; j < nr_part; j++)
			if (part[j].depth < 0 && dt_part_equal(p, &part[j], c.nr_sel)) {
				memcpy(p->name, part[j].name, sizeof(p->name)); /* j != i: depths differ */
				part[j].nr = 0;		/* merged into @p */
			}
		if (!p->name[0]) {
			/* Named after its domains' node names, else by depth. */
			const char *pdn = fdt_get_name(fdt, p->pd_of_dom0, NULL);
			static const char *const known[] = { "cluster", "system", "core" };

			for (unsigned int k = 0; pdn && k < 3 && !p->name[0]; k++)
				if (strstr(pdn, known[k]))
					snprintf(p->name, sizeof(p->name), "%s", known[k]);
			if (!p->name[0])
				snprintf(p->name, sizeof(p->name), "pd%d", p->depth);
			dt_note(&c, "power domains such as %s match no cpu-map level: level named %s%s",
				dt_path(&c, p->pd_of_dom0), p->name,
				p->name[0] == 'p' ? " (their depth in the power-domain tree)" : " (from the node's name)");
		}
	}

	/*
	 * The levels, innermost first: more domains is further in; a level of
	 * one-CPU domains is the CPU itself, one of a single domain is kept
	 * only from the power domains or sockets. Each must nest in the next.
	 */
	for (int i = 0; i < nr_part; i++)
		part[i].level = -1;
	for (;;) {
		int best = -1;

		for (int i = 0; i < nr_part; i++) {
			const struct dt_part *p = &part[i];

			if (!p->nr || p->level >= 0 || p->per_cpu)
				continue;
			if (best < 0 || p->nr > part[best].nr ||
			    (p->nr == part[best].nr && p->depth >= 0 && part[best].depth < 0))
				best = i;
		}
		if (best < 0)
			break;
		for (int i = 0; i < nr_part; i++)
			if (i != best && part[i].nr && part[i].level < 0 && !part[i].per_cpu &&
			    dt_part_equal(&part[i], &part[best], c.nr_sel)) {
				part[i].nr = 0;
				/* the same partition at two depths: one level */
				if (part[i].depth >= 0)
					part[i].level = cfg->nr_levels;
			}
		if (cfg->nr_levels) {
			struct pidle_dt_level *in = &cfg->level[cfg->nr_levels - 1];
			struct dt_part tmp = { .nr = in->nr_domains, .dom = in->dom };

			if (!dt_part_nests(&tmp, &part[best], c.nr_sel)) {
				r = dt_fail(&c, PIDLE_EXIT_CONFIG, "level %s does not nest in level %s (cpu-map and power domains disagree): a %s domain spans two %s domains",
					    in->name, part[best].name, in->name, part[best].name);
				goto out;
			}
		}
		if (cfg->nr_levels == PIDLE_MAX_LEVELS) {
			r = dt_fail(&c, PIDLE_EXIT_CONFIG, "more than %d domain levels (cpu-map and power domains together): the module's limit",
				    PIDLE_MAX_LEVELS);
			goto out;
		}
		{
			struct pidle_dt_level *l = &cfg->level[cfg->nr_levels];

			snprintf(l->name, sizeof(l->name), "%s", part[best].name);
			/* one name per level: a second "cluster" becomes cluster2 */
			for (unsigned int k = 0; k < cfg->nr_levels; k++) {
				if (strcmp(cfg->level[k].name, l->name))
					continue;
				snprintf(l->name, sizeof(l->name), "%.12s%u", part[best].name,
					 cfg->nr_levels + 1);
				dt_note(&c, "two levels would be named %s: the outer one is %s",
					part[best].name, l->name);
				k = (unsigned int)-1;
			}
			l->nr_domains = part[best].nr;
			l->dom = part[best].dom;
			part[best].dom = NULL;
			part[best].level = cfg->nr_levels++;
		}
	}

	/* The table: WFI, the CPU's states, then each level's domain states. */
	{
		struct pidle_dt_state *s = &cfg->state[cfg->nr_states++];

		snprintf(s->name, sizeof(s->name), "WFI");
		snprintf(s->level, sizeof(s->level), "cpu");
		s->exit_us = 1;
		s->residency_us = 1;
		s->node = -1;
	}
	for (int k = 0; k < nr_cpu_st; k++) {
		cfg->state[cfg->nr_states] = cpu_st[k];
		snprintf(cfg->state[cfg->nr_states].level, PIDLE_NAME_LEN, "cpu");
		cfg->nr_states++;
	}
	for (int d = 0; d < depth; d++) {
		struct pidle_dt_state st[DT_MAX_PD_STATES], first[DT_MAX_PD_STATES];
		int nr, nr_first = -1, first_pd = -1, lvl = -1;

		dom_at[d].differ = false;
		dom_at[d].start = dom_at[d].nr = 0;

		for (int i = 0; i < nr_part; i++)
			if (part[i].depth == d)
				lvl = part[i].level;
		for (unsigned int i = 0; i < c.nr_sel; i++) {
			int pd = c.cpu[c.sel[i]].chain[d];

			if (pd == first_pd)
				continue;
			r = dt_pd_states(&c, pd, st, &nr);
			if (r)
				goto out;
			if (nr_first < 0) {
				nr_first = nr;
				first_pd = pd;
				memcpy(first, st, nr * sizeof(*st));
				continue;
			}
			bool same = nr == nr_first;

			for (int k = 0; same && k < nr; k++)
				same = dt_state_same(&st[k], &first[k]);
			/*
			 * genpd gives every domain its own states; the module
			 * a domain its CPUs' set's: a set per domain
			 * (dt_split_sets()), as long as the level's domains
			 * have as many states (a domain governor chooses
			 * among a level's states by index).
			 */
			if (!same && nr != nr_first) {
				r = dt_fail(&c, PIDLE_EXIT_CONFIG, "%s has %d domain idle states, %s %d: the module's domains of one level have as many states each (in OSI mode its domain governor chooses among a level's states by index); import the CPUs of one with --dt-cpus",
					    dt_path(&c, first_pd), nr_first, dt_path(&c, pd), nr);
				goto out;
			}
			dom_at[d].differ |= !same;
		}
		if (nr_first <= 0)
			continue;
		if (lvl < 0) {
			/* depth 0 with one CPU per domain: states of the CPUs' own domains */
			r = dt_fail(&c, PIDLE_EXIT_CONFIG, "%s: domain-idle-states of a CPU's own power domain: genpd would govern a one-CPU domain, a level the module does not have",
				    dt_path(&c, first_pd));
			goto out;
		}
		any_domain_state = true;
		dom_at[d].start = cfg->nr_states;
		dom_at[d].nr = nr_first;
		dom_at[d].level = lvl;
		if (nr_first > PIDLE_MAX_DOMAIN_STATES) {
			r = dt_fail(&c, PIDLE_EXIT_CONFIG, "%s: %d domain idle states, more than the %d the module takes at one level",
				    dt_path(&c, first_pd), nr_first, PIDLE_MAX_DOMAIN_STATES);
			goto out;
		}
		for (int k = 0; k < nr_first; k++) {
			if (cfg->nr_states == PIDLE_MAX_STATES) {
				r = dt_fail(&c, PIDLE_EXIT_CONFIG, "%s: with it the table has more than %d states, the cpuidle core's and the module's limit",
					    dt_path(&c, first[k].node), PIDLE_MAX_STATES);
				goto out;
			}
			cfg->state[cfg->nr_states] = first[k];
			memcpy(cfg->state[cfg->nr_states].level, cfg->level[lvl].name,
			       PIDLE_NAME_LEN);
			cfg->nr_states++;
		}
	}
	if (nr_cpu_st == 0 && !any_domain_state) {
		r = dt_fail(&c, PIDLE_EXIT_INPUT, "%s has no idle states (no cpu-idle-states, no domain-idle-states in its power domain): the kernel's cpuidle-psci registers no driver, WFI alone is the architecture's default idle",
			    dt_path(&c, c.cpu[c.sel[0]].node));
		goto out;
	}

	/* Domains of a level with different states: a CPU set per domain. */
	r = dt_split_sets(&c, cfg, dom_at, depth, nr_cpu_st);
	if (r)
		goto out;

	/* The mode. */
	if (mode == PIDLE_DT_MODE_AUTO) {
		mode = any_domain_state ? PIDLE_DT_MODE_OSI : PIDLE_DT_MODE_PC;
		if (any_domain_state)
			dt_note(&c, "mode osi: the power domains of %s have domain idle states, which Linux uses only with PSCI OSI (cpuidle-psci-domain.c); --dt-mode pc for the platform-coordinated reading",
				c.pd_parent >= 0 ? dt_path(&c, c.pd_parent) : "/");
	} else if (mode == PIDLE_DT_MODE_PC && any_domain_state) {
		dt_note(&c, "mode pc: the domain idle states become PC states of their level (exit latency entry+exit); Linux itself uses them only in OSI mode, PC firmware picks them on its own");
	} else if (mode == PIDLE_DT_MODE_OSI && !any_domain_state) {
		r = dt_fail(&c, PIDLE_EXIT_CONFIG, "--dt-mode osi: the devicetree has no domain idle states (domain-idle-states compatible \"domain-idle-state\" under %s)",
			    c.pd_parent >= 0 ? dt_path(&c, c.pd_parent) : "a PSCI node");
		goto out;
	}
	cfg->mode = mode;

	/*
	 * PC mode: a CPU state whose arm,psci-suspend-param is in PSCI's
	 * original format (bit 30 clear) with a power level above 0 (bits
	 * 25:24, PSCI_0_2_POWER_STATE_AFFL) is a state of that level: 1 the
	 * cluster, 2 the system.
	 */
	if (mode == PIDLE_DT_MODE_PC) {
		for (unsigned int k = 1; k < cfg->nr_states; k++) {
			struct pidle_dt_state *s = &cfg->state[k];
			uint32_t param, pl = dt_psci_level(&c, s, &param);
			const char *want;
			int l;

			if (!pl)
				continue;
			want = pl == 1 ? "cluster" : "system";
			for (l = 0; l < (int)cfg->nr_levels; l++)
				if (!strcmp(cfg->level[l].name, want) ||
				    (pl == 2 && cfg->level[l].nr_domains == 1))
					break;
			if (l == (int)cfg->nr_levels) {
				dt_note(&c, "%s: arm,psci-suspend-param 0x%08x has power level %u, but the topology has no %s level: kept at cpu level",
					dt_path(&c, s->node), param, pl, want);
				continue;
			}
			/* Both are PIDLE_NAME_LEN arrays of one struct. */
			memcpy(s->level, cfg->level[l].name, sizeof(s->level));
			dt_note(&c, "%s: arm,psci-suspend-param 0x%08x is PSCI power level %u (original format): state %s at level %s",
				dt_path(&c, s->node), param, pl, s->name, cfg->level[l].name);
		}
	}

	/*
	 * Levels along the table (a PSCI power level may have moved a CPU
	 * state up): never decreasing, at most PIDLE_MAX_DOMAIN_STATES each.
	 */
	for (unsigned int k = 1, prev = 0; k < cfg->nr_states; k++) {
		const struct pidle_dt_state *s = &cfg->state[k];
		unsigned int lv = 0, n = 0;

		for (unsigned int l = 0; l < cfg->nr_levels; l++)
			if (!strcmp(s->level, cfg->level[l].name))
				lv = l + 1;
		for (unsigned int j = 1; j <= k; j++)
			n += !strcmp(cfg->state[j].level, s->level);
		if (lv < prev) {
			r = dt_fail(&c, PIDLE_EXIT_CONFIG, "%s: state %s at level %s follows a state of an outer level: the module's table must not go down in level",
				    dt_path(&c, s->node), s->name, s->level);
			goto out;
		}
		if (lv && n > PIDLE_MAX_DOMAIN_STATES) {
			r = dt_fail(&c, PIDLE_EXIT_CONFIG, "%s: state %s is the %uth at level %s, more than the %d the module takes at one level",
				    dt_path(&c, s->node), s->name, n, s->level, PIDLE_MAX_DOMAIN_STATES);
			goto out;
		}
		prev = lv;
	}

	/*
	 * Unique names: the module refuses two states of one name, cpuidle
	 * does not (names cut to 15 characters collide: cluster-sleep-0-0,
	 * cluster-sleep-0-1). The later one keeps what fits beside _INDEX.
	 */
	for (unsigned int k = 1; k < cfg->nr_states; k++) {
		struct pidle_dt_state *s = &cfg->state[k];

		for (unsigned int j = 0; j < k; j++) {
			char suffix[8], old[PIDLE_NAME_LEN];
			size_t keep;

			if (strcmp(cfg->state[j].name, s->name))
				continue;
			memcpy(old, s->name, sizeof(old));
			snprintf(suffix, sizeof(suffix), "_%u", k);
			keep = strlen(s->name);
			if (keep > PIDLE_NAME_LEN - 1 - strlen(suffix))
				keep = PIDLE_NAME_LEN - 1 - strlen(suffix);
			memcpy(s->name + keep, suffix, strlen(suffix) + 1);
			dt_note(&c, "%s: state %u's name %s is state %u's too: written %s (the module's names are unique)",
				dt_path(&c, s->node), k, old, j, s->name);
			j = (unsigned int)-1;	/* check the new name again */
		}
	}

	/*
	 * A set's own domain states (dt_split_sets()): set 0's as renamed
	 * above, another's unique in its own table the same way.
	 */
	for (unsigned int st = 0; cfg->dom_per_set && st < cfg->nr_sets; st++) {
		unsigned int own = cfg->set_nr[st];

		for (unsigned int j = 0; j + 1 + cfg->nr_cpu_states < cfg->nr_states; j++) {
			struct pidle_dt_state *s = &cfg->set_dom[st][j];
			const struct pidle_dt_state *z = &cfg->state[1 + cfg->nr_cpu_states + j];

			unsigned int e;

			if (s->node == z->node) {
				memcpy(s->name, z->name, sizeof(s->name));
				continue;
			}
			/* a domain's state is one name in each of its sets */
			for (e = 0; e < st && cfg->set_dom[e][j].node != s->node; e++)
				;
			if (e < st) {
				memcpy(s->name, cfg->set_dom[e][j].name, sizeof(s->name));
				continue;
			}
			for (unsigned int i = 0; i < 1 + own + j; i++) {
				const struct pidle_dt_state *o = pidle_dt_table_state(cfg, st, i);
				char suffix[8], old[PIDLE_NAME_LEN];
				size_t keep;

				if (strcmp(o->name, s->name))
					continue;
				memcpy(old, s->name, sizeof(old));
				snprintf(suffix, sizeof(suffix), "_%u", 1 + cfg->nr_cpu_states + j);
				keep = strlen(s->name);
				if (keep > PIDLE_NAME_LEN - 1 - strlen(suffix))
					keep = PIDLE_NAME_LEN - 1 - strlen(suffix);
				memcpy(s->name + keep, suffix, strlen(suffix) + 1);
				dt_note(&c, "%s: state %u of set %u, name %s, is state %u's too: written %s (the module's names are unique)",
					dt_path(&c, s->node), 1 + own + j, st, old, i, s->name);
				i = (unsigned int)-1;	/* check the new name again */
			}
		}
	}

	/* Each set's table with unique names (a copied name may not be). */
	for (unsigned int st = 0; cfg->dom_per_set && st < cfg->nr_sets; st++)
		for (unsigned int j = 0; j + 1 + cfg->nr_cpu_states < cfg->nr_states; j++) {
			const struct pidle_dt_state *s = &cfg->set_dom[st][j];

			for (unsigned int i = 0; i < 1 + cfg->set_nr[st] + j; i++)
				if (!strcmp(pidle_dt_table_state(cfg, st, i)->name, s->name)) {
					r = dt_fail(&c, PIDLE_EXIT_CONFIG, "%s: its name %s is another state's in the table of CPU set %u, and the sets of its domain must agree on its name: the module's names are unique in a table",
						    dt_path(&c, s->node), s->name, st);
					goto out;
				}
		}

	/* The order the module wants: residency, latency and level never decrease. */
	{
		const struct pidle_dt_state *seq[PIDLE_MAX_STATES];

		for (unsigned int k = 0; k < cfg->nr_states; k++)
			seq[k] = &cfg->state[k];
		r = dt_check_order(&c, seq, cfg->nr_states, mode);
		if (r)
			goto out;
	}

	/*
	 * A table per CPU set: the levels, then one state for each domain
	 * that holds sets differing at its level (--dt-shared-domain).
	 */
	r = dt_set_levels(&c, cfg);
	if (!r)
		r = pidle_dt_share_domains(cfg, shared, msg);
	/* Each other set's own table, as the module takes it, in order too. */
	for (unsigned int st = 1; !r && st < cfg->nr_sets; st++) {
		const struct pidle_dt_state *seq[PIDLE_MAX_STATES];
		unsigned int n = cfg->nr_states - cfg->nr_cpu_states + cfg->set_nr[st];

		for (unsigned int k = 0; k < n && k < PIDLE_MAX_STATES; k++)
			seq[k] = pidle_dt_table_state(cfg, st, k);
		r = dt_check_order(&c, seq, n < PIDLE_MAX_STATES ? n : PIDLE_MAX_STATES, mode);
	}
	if (r)
		goto out;

	/* What the module does not simulate, said once. */
	{
		char stop[256] = "";
		size_t n = 0;

		int seen[PIDLE_MAX_CPU_SETS * PIDLE_MAX_STATES];
		unsigned int nr_seen = 0;

		/* every set's table, set 0's first; a state once */
		for (int st = cfg->nr_sets ? 0 : -1; st < (int)cfg->nr_sets; st++) {
			unsigned int len = cfg->nr_states - cfg->nr_cpu_states +
					   (st >= 0 ? cfg->set_nr[st] : 0);

			for (unsigned int k = 0; k < len; k++) {
				const struct pidle_dt_state *a = pidle_dt_table_state(cfg, st, k);
				unsigned int j;

				for (j = 0; j < nr_seen && seen[j] != a->node; j++)
					;
				if (j < nr_seen || !a->timer_stop || n >= sizeof(stop))
					continue;
				if (nr_seen < sizeof(seen) / sizeof(seen[0]))
					seen[nr_seen++] = a->node;
				n += snprintf(stop + n, sizeof(stop) - n, "%s%s", n ? ", " : "",
					      a->name);
			}
		}
		if (n)
			dt_note(&c, "local-timer-stop on %s: not simulated: the module's states keep the CPU's local timer running (no CPUIDLE_FLAG_TIMER_STOP, no broadcast timer)",
				stop);
	}
	r = 0;
out:
	for (int i = 0; i < nr_part; i++)
		free(part[i].dom);
	free(key);
	free(c.cpu);
	free(c.sel);
	if (r)
		pidle_dt_config_free(cfg);
	return r;
}

void pidle_dt_config_free(struct pidle_dt_config *cfg)
{
	for (unsigned int l = 0; l < cfg->nr_levels; l++) {
		free(cfg->level[l].dom);
		cfg->level[l].dom = NULL;
	}
	cfg->nr_levels = 0;
	free(cfg->cluster);
	cfg->cluster = NULL;
	free(cfg->cpu_node);
	cfg->cpu_node = NULL;
	free(cfg->set_of);
	cfg->set_of = NULL;
	cfg->nr_sets = 0;
	cfg->dom_per_set = false;
}

static int dt_table_print(const struct pidle_dt_config *cfg, int set, bool summed,
			  char *buf, size_t size);

int pidle_dt_cpus_print(const unsigned int *key, unsigned int val, unsigned int nr,
			char *buf, size_t size)
{
	size_t n = 0;

	if (!size)
		return -1;
	buf[0] = '\0';
	for (unsigned int i = 0; i < nr; i++) {
		unsigned int j = i;
		int w;

		if (key[i] != val)
			continue;
		while (j + 1 < nr && key[j + 1] == val)
			j++;
		w = j > i ? snprintf(buf + n, size - n, "%s%u-%u", n ? "," : "", i, j) :
			    snprintf(buf + n, size - n, "%s%u", n ? "," : "", i);
		if (w < 0 || (size_t)w >= size - n)
			return -1;
		n += w;
		i = j;
	}
	return n;
}

int pidle_dt_states_print(const struct pidle_dt_config *cfg, bool summed,
			  char *buf, size_t size)
{
	size_t n = 0;
	int w;

	if (!cfg->nr_sets)
		return dt_table_print(cfg, -1, summed, buf, size);
	buf[0] = '\0';
	for (unsigned int s = 0; s < cfg->nr_sets; s++) {
		if (s) {
			if (n + 1 >= size)
				return -1;
			buf[n++] = ';';
		}
		w = pidle_dt_cpus_print(cfg->set_of, s, cfg->nr_cpus, buf + n, size - n);
		if (w < 0 || n + w + 1 >= size)
			return -1;
		n += w;
		buf[n++] = '=';
		w = dt_table_print(cfg, s, summed, buf + n, size - n);
		if (w < 0)
			return -1;
		n += w;
	}
	buf[n] = '\0';
	return n;
}

/* One table: the one (@set -1), or a set's CPU states in set 0's table. */
static int dt_table_print(const struct pidle_dt_config *cfg, int set, bool summed,
			  char *buf, size_t size)
{
	size_t n = 0;
	/* a set's own length: its CPU states in place of set 0's */
	unsigned int own = set >= 0 ? cfg->set_nr[set] : cfg->nr_cpu_states;
	unsigned int nr = cfg->nr_states - cfg->nr_cpu_states + own;

	buf[0] = '\0';
	for (unsigned int k = 0; k < nr; k++) {
		const struct pidle_dt_state *s = pidle_dt_table_state(cfg, set, k);
		bool split = !summed && cfg->mode == PIDLE_DT_MODE_OSI && s->domain;
		int w;

		if (split)
			w = snprintf(buf + n, size - n, "%s%s:%u+%u:%u", k ? "," : "", s->name,
				     s->entry_us, s->exit_us, s->residency_us);
		else
			w = snprintf(buf + n, size - n, "%s%s:%u:%u", k ? "," : "", s->name,
				     s->entry_us + s->exit_us, s->residency_us);
		if (w < 0 || (size_t)w >= size - n)
			return -1;
		n += w;
		if (strcmp(s->level, "cpu")) {
			w = snprintf(buf + n, size - n, ":%s", s->level);
			if (w < 0 || (size_t)w >= size - n)
				return -1;
			n += w;
		}
	}
	return n;
}

char *pidle_dt_topology_print(const struct pidle_dt_config *cfg)
{
	size_t size = 64, n = 0;
	char *buf = malloc(size);

	if (!buf)
		return NULL;
	buf[0] = '\0';
	if (!cfg->nr_levels) {
		snprintf(buf, size, "none");
		return buf;
	}
	for (unsigned int l = 0; l < cfg->nr_levels; l++) {
		const struct pidle_dt_level *lv = &cfg->level[l];

		for (unsigned int d = 0; d < lv->nr_domains; d++) {
			/* worst case per CPU: "+NNNN-NNNN" */
			size_t need = n + 32 + (size_t)cfg->nr_cpus * 11;
			bool first = true;

			if (need > size) {
				char *nb = realloc(buf, need * 2);

				if (!nb) {
					free(buf);
					return NULL;
				}
				buf = nb;
				size = need * 2;
			}
			if (d == 0)
				n += sprintf(buf + n, "%s%s=", l ? ";" : "", lv->name);
			else
				n += sprintf(buf + n, ",");
			for (unsigned int i = 0; i < cfg->nr_cpus; i++) {
				unsigned int j = i;

				if (lv->dom[i] != d)
					continue;
				while (j + 1 < cfg->nr_cpus && lv->dom[j + 1] == d)
					j++;
				n += sprintf(buf + n, "%s%u", first ? "" : "+", i);
				if (j > i)
					n += sprintf(buf + n, "-%u", j);
				first = false;
				i = j;
			}
		}
	}
	return buf;
}
