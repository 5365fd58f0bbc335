// SPDX-License-Identifier: GPL-2.0
/*
 * hwloc -> pseudo_cpuidle domain levels.
 *
 * A level is a partition of the CPUs into domains. The candidates, innermost
 * first, are:
 *
 *   core     HWLOC_OBJ_CORE
 *   cluster  see "What a cluster is" below
 *   die      HWLOC_OBJ_DIE
 *   package  HWLOC_OBJ_PACKAGE
 *
 * What a cluster is, for this model: a group of cores that can power down
 * together below the die or package, which in what hwloc reports shows as
 * the innermost cache shared by several cores but not by the whole die or
 * package (an L2, as in ARM's older clusters and Intel's E-core modules; or
 * else an L3, as in ARM DynamIQ clusters with per-core L2s and AMD's CCX),
 * or a Group hwloc made from the CPUs' own grouping (Linux cluster_cpus,
 * modules). Never a memory grouping: a level whose objects hold NUMA nodes
 * of their own (sub-NUMA clustering, cluster-on-die: hwloc attaches each
 * sub-NUMA node to the Group or L3 it makes for it) is not a cluster.
 *
 * A candidate is used only when its objects cover every CPU. By default,
 * as the module's topology=auto does, core and package are kept whenever
 * they exist, and a cluster or die only where it is not the level below it
 * or the package over again. --levels keeps exactly the levels named.
 *
 * CPU numbers are OS indexes (hwloc cpusets are indexed by them), as the
 * kernel numbers CPUs.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <sys/stat.h>
#include "pidle-topo.h"
#include "pidle_common.h"

enum pidle_topo_lvl {
	PIDLE_LVL_CORE,
	PIDLE_LVL_CLUSTER,
	PIDLE_LVL_DIE,
	PIDLE_LVL_PACKAGE,
	PIDLE_NR_LVLS,
};

/*
 * Each candidate's name (as --levels and the module's topology= spell it)
 * and the hwloc object type that makes it: none for a cluster, which
 * pidle_find_cluster() looks for among several.
 */
static const struct {
	const char *name;
	hwloc_obj_type_t type;
} pidle_lvl_desc[PIDLE_NR_LVLS] = {
	[PIDLE_LVL_CORE]	= { "core",	HWLOC_OBJ_CORE },
	[PIDLE_LVL_CLUSTER]	= { "cluster" },
	[PIDLE_LVL_DIE]		= { "die",	HWLOC_OBJ_DIE },
	[PIDLE_LVL_PACKAGE]	= { "package",	HWLOC_OBJ_PACKAGE },
};

/* One candidate level: its domains, sorted by lowest CPU. */
struct pidle_part {
	bool present;
	unsigned int nr;
	hwloc_bitmap_t *dom;
};

/*
 * hwloc refuses an XML of a newer major format than its own with EINVAL,
 * the errno of a malformed file. Read the version first, to say what it
 * is: <topology version="3.0"> from hwloc 3 is not malformed, it is new.
 */
static int pidle_xml_too_new(const char *path, struct pidle_err *err)
{
	char head[4096], *v;
	unsigned int major, minor;
	size_t n;
	FILE *f = fopen(path, "r");

	if (!f)
		return 0;	/* hwloc says why */
	n = fread(head, 1, sizeof(head) - 1, f);
	fclose(f);
	head[n] = '\0';
	v = strstr(head, "<topology version=\"");
	if (!v || sscanf(v + 19, "%u.%u", &major, &minor) != 2 ||
	    major <= HWLOC_API_VERSION >> 16)
		return 0;
	/* Short: a message is at most PIDLE_ERR_LEN characters. */
	pidle_topo_errf(err, "'%s' is hwloc %u.%u XML, newer than hwloc %s reads: export it with hwloc 2 (lstopo --of xml FILE.xml)",
			path, major, minor, HWLOC_VERSION);
	return -1;
}

int pidle_topo_load(enum pidle_topo_source src, const char *arg,
		    hwloc_topology_t *out, struct pidle_err *err)
{
	char shown[PIDLE_EXCERPT_LEN];	/* a long synthetic string, cut */
	hwloc_topology_t topo;
	struct stat sb;

	if (hwloc_topology_init(&topo)) {
		pidle_topo_errf(err, "cannot initialise hwloc: %s", strerror(errno));
		return -1;
	}
	/* The kernel numbers every CPU, whatever this process may run on. */
	hwloc_topology_set_flags(topo, HWLOC_TOPOLOGY_FLAG_INCLUDE_DISALLOWED);

	switch (src) {
	case PIDLE_TOPO_SRC_XML:
		/* hwloc's own message for a missing file is vaguer: look first. */
		if (access(arg, R_OK) || (!stat(arg, &sb) && S_ISDIR(sb.st_mode) &&
					  (errno = EISDIR))) {
			pidle_topo_errf(err, "cannot read topology file '%s': %s",
					arg, strerror(errno));
			goto fail;
		}
		if (pidle_xml_too_new(arg, err))
			goto fail;
		if (hwloc_topology_set_xml(topo, arg)) {
			pidle_topo_errf(err, "cannot load '%s' as an hwloc XML topology: %s",
					arg, errno == EINVAL ?
					"it is malformed or not hwloc XML (make one with lstopo --of xml)" :
					strerror(errno));
			goto fail;
		}
		break;
	case PIDLE_TOPO_SRC_SYNTHETIC:
		if (hwloc_topology_set_synthetic(topo, arg)) {
			pidle_topo_errf(err, "invalid synthetic topology \"%s\": not hwloc synthetic syntax such as \"pack:2 core:4 pu:2\"",
					pidle_excerpt(arg, shown, sizeof(shown)));
			goto fail;
		}
		break;
	case PIDLE_TOPO_SRC_THIS:
		break;
	}

	if (hwloc_topology_load(topo)) {
		if (src == PIDLE_TOPO_SRC_XML)
			pidle_topo_errf(err, "cannot load '%s' as an hwloc XML topology: %s",
					arg, errno == EINVAL ?
					"it is malformed or not hwloc XML (make one with lstopo --of xml)" :
					strerror(errno));
		else if (src == PIDLE_TOPO_SRC_SYNTHETIC)
			pidle_topo_errf(err, "cannot build the synthetic topology \"%s\": %s",
					pidle_excerpt(arg, shown, sizeof(shown)),
					strerror(errno));
		else
			pidle_topo_errf(err, "cannot read this machine's topology: %s",
					strerror(errno));
		goto fail;
	}
	*out = topo;
	return 0;

fail:
	hwloc_topology_destroy(topo);
	return -1;
}

static void pidle_part_free(struct pidle_part *part)
{
	unsigned int i;

	for (i = 0; i < part->nr; i++)
		hwloc_bitmap_free(part->dom[i]);
	free(part->dom);
	memset(part, 0, sizeof(*part));
}

static int pidle_dom_cmp(const void *a, const void *b)
{
	int fa = hwloc_bitmap_first(*(const hwloc_bitmap_t *)a);
	int fb = hwloc_bitmap_first(*(const hwloc_bitmap_t *)b);

	return (fa > fb) - (fa < fb);
}

/*
 * The domains of the objects at @depth, if they cover every CPU of @all.
 * Returns 0 with part->present set, 0 with it clear when the depth does
 * not cover the machine, -1 on allocation failure.
 */
static int pidle_part_from_depth(hwloc_topology_t topo, int depth,
				 hwloc_const_bitmap_t all,
				 struct pidle_part *part)
{
	unsigned int n = hwloc_get_nbobjs_by_depth(topo, depth), i;
	hwloc_bitmap_t seen = hwloc_bitmap_alloc();

	memset(part, 0, sizeof(*part));
	part->dom = calloc(n ? n : 1, sizeof(*part->dom));
	if (!seen || !part->dom) {
		hwloc_bitmap_free(seen);
		free(part->dom);
		return -1;
	}
	for (i = 0; i < n; i++) {
		hwloc_obj_t obj = hwloc_get_obj_by_depth(topo, depth, i);
		hwloc_bitmap_t dom;

		if (!obj->cpuset || hwloc_bitmap_iszero(obj->cpuset))
			continue;
		dom = hwloc_bitmap_dup(obj->cpuset);
		if (!dom) {
			hwloc_bitmap_free(seen);
			pidle_part_free(part);
			return -1;
		}
		hwloc_bitmap_and(dom, dom, all);
		hwloc_bitmap_or(seen, seen, dom);
		part->dom[part->nr++] = dom;
	}
	qsort(part->dom, part->nr, sizeof(*part->dom), pidle_dom_cmp);
	part->present = part->nr && hwloc_bitmap_isequal(seen, all);
	hwloc_bitmap_free(seen);
	if (!part->present)
		pidle_part_free(part);
	return 0;
}

static bool pidle_part_equal(const struct pidle_part *a,
			     const struct pidle_part *b)
{
	unsigned int i;

	if (a->nr != b->nr)
		return false;
	for (i = 0; i < a->nr; i++)
		if (!hwloc_bitmap_isequal(a->dom[i], b->dom[i]))
			return false;
	return true;
}

/* Every domain of @inner inside one of @outer. */
static bool pidle_part_nests(const struct pidle_part *inner,
			     const struct pidle_part *outer)
{
	unsigned int i, j;

	for (i = 0; i < inner->nr; i++) {
		for (j = 0; j < outer->nr; j++)
			if (hwloc_bitmap_isincluded(inner->dom[i], outer->dom[j]))
				break;
		if (j == outer->nr)
			return false;
	}
	return true;
}

static int pidle_type_depth(hwloc_topology_t topo, hwloc_obj_type_t type)
{
	int depth = hwloc_get_type_depth(topo, type);

	return depth < 0 ? -1 : depth;
}

/* A level whose objects hold NUMA nodes is a memory grouping. */
static bool pidle_depth_holds_memory(hwloc_topology_t topo, int depth)
{
	unsigned int n = hwloc_get_nbobjs_by_depth(topo, depth), i;

	for (i = 0; i < n; i++)
		if (hwloc_get_obj_by_depth(topo, depth, i)->memory_arity)
			return true;
	return false;
}

/*
 * The cluster (see "What a cluster is" at the top): scan the depths between
 * the core (or PU) level and the die/package (or root) outwards, and take
 * the first L2, L3 or Group depth that is no memory grouping, covers the
 * machine, nests in the next level and is neither the cores nor the next
 * level over again. With @same_as_next (--levels, which keeps a level
 * identical to a neighbour), the next level over again is a cluster too:
 * an L2 that spans the package is still a group of cores that powers down
 * together, and the scan outwards meets a real cluster, if there is one,
 * first.
 */
static int pidle_find_cluster(hwloc_topology_t topo, hwloc_const_bitmap_t all,
			      struct pidle_part *lvl, const struct pidle_part *cpu,
			      bool same_as_next)
{
	int inner = pidle_type_depth(topo, HWLOC_OBJ_CORE);
	int outer = pidle_type_depth(topo, HWLOC_OBJ_DIE);
	const struct pidle_part *below = lvl[PIDLE_LVL_CORE].present ?
					 &lvl[PIDLE_LVL_CORE] : cpu;
	const struct pidle_part *above = NULL;
	int depth;

	if (inner < 0)
		inner = pidle_type_depth(topo, HWLOC_OBJ_PU);
	if (outer < 0)
		outer = pidle_type_depth(topo, HWLOC_OBJ_PACKAGE);
	if (outer < 0)
		outer = 0;
	if (lvl[PIDLE_LVL_DIE].present)
		above = &lvl[PIDLE_LVL_DIE];
	else if (lvl[PIDLE_LVL_PACKAGE].present)
		above = &lvl[PIDLE_LVL_PACKAGE];

	for (depth = inner - 1; depth > outer; depth--) {
		hwloc_obj_type_t type = hwloc_get_depth_type(topo, depth);
		struct pidle_part part;

		if (type != HWLOC_OBJ_L2CACHE && type != HWLOC_OBJ_L3CACHE &&
		    type != HWLOC_OBJ_GROUP)
			continue;
		if (pidle_depth_holds_memory(topo, depth))
			continue;
		if (pidle_part_from_depth(topo, depth, all, &part))
			return -1;
		if (!part.present)
			continue;
		if (!pidle_part_equal(&part, below) && pidle_part_nests(below, &part) &&
		    (!above || ((same_as_next || !pidle_part_equal(&part, above)) &&
				pidle_part_nests(&part, above)))) {
			lvl[PIDLE_LVL_CLUSTER] = part;
			return 0;
		}
		pidle_part_free(&part);
	}
	return 0;
}

/* Append "A-B+C" for one domain. */
static int pidle_put_domain(char *buf, size_t size, size_t *len,
			    hwloc_const_bitmap_t dom)
{
	int cpu = hwloc_bitmap_first(dom);
	bool first = true;

	while (cpu >= 0) {
		int last = cpu, n;

		while (hwloc_bitmap_isset(dom, last + 1))
			last++;
		if (last == cpu)
			n = snprintf(buf + *len, size - *len, "%s%d",
				     first ? "" : "+", cpu);
		else
			n = snprintf(buf + *len, size - *len, "%s%d-%d",
				     first ? "" : "+", cpu, last);
		if (n < 0 || (size_t)n >= size - *len)
			return -1;
		*len += n;
		first = false;
		cpu = hwloc_bitmap_next(dom, last);
	}
	return 0;
}

static int pidle_put_level(char *buf, size_t size, size_t *len,
			   const char *name, const struct pidle_part *part)
{
	unsigned int i;
	int n;

	n = snprintf(buf + *len, size - *len, "%s%s=", *len ? ";" : "", name);
	if (n < 0 || (size_t)n >= size - *len)
		return -1;
	*len += n;
	for (i = 0; i < part->nr; i++) {
		if (i) {
			if (*len + 1 >= size)
				return -1;
			buf[(*len)++] = ',';
			buf[*len] = '\0';
		}
		if (pidle_put_domain(buf, size, len, part->dom[i]))
			return -1;
	}
	return 0;
}

/* --levels LIST: which levels to keep. Returns a bit mask or -1. */
static int pidle_parse_levels(const char *list, const struct pidle_part *lvl,
			      struct pidle_err *err)
{
	char *copy = strdup(list), *tok, *save = NULL;
	int mask = 0, i;

	if (!copy) {
		pidle_topo_errf(err, "out of memory");
		return -1;
	}
	for (tok = strtok_r(copy, ",", &save); tok; tok = strtok_r(NULL, ",", &save)) {
		for (i = 0; i < PIDLE_NR_LVLS; i++)
			if (!strcmp(tok, pidle_lvl_desc[i].name))
				break;
		if (i == PIDLE_NR_LVLS) {
			pidle_topo_errf(err, "unknown level '%s' in --levels: the levels are core, cluster, die and package",
					tok);
			goto fail;
		}
		if (!lvl[i].present) {
			pidle_topo_errf(err, "level '%s' given to --levels does not exist in this topology%s",
					tok, i == PIDLE_LVL_CLUSTER ?
					" (no L2, L3 or Group of several cores between the cores and the die or package)" : "");
			goto fail;
		}
		mask |= 1 << i;
	}
	if (!mask) {
		pidle_topo_errf(err, "--levels '%s' names no level: give a list such as core,package",
				list);
		goto fail;
	}
	free(copy);
	return mask;
fail:
	free(copy);
	return -1;
}

/*
 * By default, the rule of the module's topology=auto (pidle_topology_auto()
 * in drivers/pidle_domain.c), so that this machine's description is the one
 * auto finds: core and package whenever they exist, even when a core is one
 * CPU or a package one core (a one-CPU core still has core C6); cluster and
 * die only where they differ from the level kept below them and from the
 * package.
 */
static int pidle_default_levels(const struct pidle_part *lvl,
				const struct pidle_part *cpu)
{
	const struct pidle_part *prev = cpu, *pkg = &lvl[PIDLE_LVL_PACKAGE];
	int mask = 0, i;

	for (i = 0; i < PIDLE_NR_LVLS; i++) {
		if (!lvl[i].present)
			continue;
		if (i != PIDLE_LVL_CORE && i != PIDLE_LVL_PACKAGE &&
		    (pidle_part_equal(&lvl[i], prev) ||
		     (pkg->present && pidle_part_equal(&lvl[i], pkg))))
			continue;
		mask |= 1 << i;
		prev = &lvl[i];
	}
	return mask;
}

/*
 * @set as a CPU list for a message, at most @size bytes: cut at a comma,
 * saying so and how many CPUs the whole list has, when it is longer.
 */
static void pidle_cpu_list(hwloc_const_bitmap_t set, char *buf, size_t size)
{
	char *list = NULL, *cut;
	int weight = hwloc_bitmap_weight(set);
	char tail[48];

	if (hwloc_bitmap_list_asprintf(&list, set) < 0 || !list) {
		snprintf(buf, size, "(%d CPUs)", weight);
		return;
	}
	if (strlen(list) < size) {
		snprintf(buf, size, "%s", list);
		free(list);
		return;
	}
	snprintf(tail, sizeof(tail), ",... (%d CPUs in all)", weight);
	list[size - strlen(tail) - 1] = '\0';
	cut = strrchr(list, ',');
	if (cut)
		*cut = '\0';
	snprintf(buf, size, "%s%s", list, tail);
	free(list);
}

/*
 * The CPUs the module will number, 0 .. last, must all be in @all: the
 * whole machine (hwloc's complete cpuset: a cgroup-restricted export lacks
 * the CPUs it did not allow, an export with CPUs offline those), without
 * holes. Indexes are checked against the module's limit before any
 * arithmetic on them: a PU index near 2^31 is refused, not overflowed.
 */
static int pidle_check_cpus(hwloc_topology_t topo, hwloc_const_bitmap_t all,
			    struct pidle_err *err)
{
	hwloc_const_bitmap_t complete = hwloc_topology_get_complete_cpuset(topo);
	int weight = hwloc_bitmap_weight(all), last = hwloc_bitmap_last(all);
	int complete_last = hwloc_bitmap_last(complete);
	hwloc_bitmap_t missing;
	char list[72];
	int ret = -1;

	if (weight <= 0) {
		pidle_topo_errf(err, "the topology has no CPUs");
		return -1;
	}
	/* -1 is an infinite set: beyond any limit too. */
	if (last < 0 || last >= (int)PIDLE_MAX_CPUS ||
	    complete_last < 0 || complete_last >= (int)PIDLE_MAX_CPUS) {
		pidle_topo_errf(err, "the topology has CPU %d, beyond the module's largest CPU number %u",
				last < 0 || complete_last < 0 ? -1 :
				complete_last > last ? complete_last : last,
				PIDLE_MAX_CPUS - 1);
		return -1;
	}
	missing = hwloc_bitmap_alloc();
	if (!missing) {
		pidle_topo_errf(err, "out of memory");
		return -1;
	}
	hwloc_bitmap_andnot(missing, complete, all);
	if (!hwloc_bitmap_iszero(missing)) {
		pidle_cpu_list(missing, list, sizeof(list));
		pidle_topo_errf(err, "CPUs %s of the machine are not in the export (cgroup-disallowed or offline): export with lstopo --disallowed --of xml",
				list);
		goto out;
	}
	if (last + 1 != weight) {
		hwloc_bitmap_set_range(missing, 0, last);
		hwloc_bitmap_andnot(missing, missing, all);
		pidle_cpu_list(missing, list, sizeof(list));
		pidle_topo_errf(err, "CPUs %s are missing from the topology, but the module needs every CPU from 0 to %d in it",
				list, last);
		goto out;
	}
	ret = 0;
out:
	hwloc_bitmap_free(missing);
	return ret;
}

/*
 * Describe @topo as a topology= string in the explicit form, in a buffer
 * allocated here (no length limit: pidle-topo prints what the module
 * shows, the explicit form or the compact one): the levels kept by
 * default, or those named in @levels (a comma-separated list, NULL for the
 * default). Sets *nr_cpus. Returns 0, or -1 (the topology) or -2 (@levels)
 * with @err set.
 */
int pidle_topo_describe(hwloc_topology_t topo, const char *levels,
			char **out, unsigned int *nr_cpus,
			struct pidle_err *err)
{
	struct pidle_part lvl[PIDLE_NR_LVLS] = { 0 }, cpu = { 0 };
	hwloc_const_bitmap_t all = hwloc_get_root_obj(topo)->cpuset;
	int ret = -1, mask, i, weight;
	size_t len = 0, size;
	char *buf = NULL;

	*out = NULL;
	if (pidle_check_cpus(topo, all, err))
		return -1;
	weight = hwloc_bitmap_weight(all);
	*nr_cpus = weight;
	/* Per level, each CPU "+NNNN" at most, and the level's name. */
	size = PIDLE_NR_LVLS * ((size_t)weight * 5 + PIDLE_NAME_LEN + 2) + 8;
	buf = malloc(size);
	if (!buf)
		goto nomem;

	if (pidle_part_from_depth(topo, pidle_type_depth(topo, HWLOC_OBJ_PU), all, &cpu))
		goto nomem;
	for (i = 0; i < PIDLE_NR_LVLS; i++) {
		int depth;

		if (i == PIDLE_LVL_CLUSTER)
			continue;
		depth = pidle_type_depth(topo, pidle_lvl_desc[i].type);
		if (depth >= 0 && pidle_part_from_depth(topo, depth, all, &lvl[i]))
			goto nomem;
	}
	if (pidle_find_cluster(topo, all, lvl, &cpu, levels != NULL))
		goto nomem;

	mask = levels ? pidle_parse_levels(levels, lvl, err) :
			pidle_default_levels(lvl, &cpu);
	if (mask < 0) {
		ret = -2;	/* a bad --levels: a usage error */
		goto out;
	}

	buf[0] = '\0';
	for (i = 0; i < PIDLE_NR_LVLS; i++) {
		if (!(mask & (1 << i)))
			continue;
		if (pidle_put_level(buf, size, &len, pidle_lvl_desc[i].name, &lvl[i])) {
			/* The size above is an upper bound: a bug. */
			pidle_topo_errf(err, "internal error: level %s does not fit in %zu bytes",
					pidle_lvl_desc[i].name, size);
			goto out;
		}
	}
	if (!len)
		snprintf(buf, size, "none");
	*out = buf;
	buf = NULL;
	ret = 0;
	goto out;

nomem:
	pidle_topo_errf(err, "out of memory");
out:
	free(buf);
	for (i = 0; i < PIDLE_NR_LVLS; i++)
		pidle_part_free(&lvl[i]);
	pidle_part_free(&cpu);
	return ret;
}
