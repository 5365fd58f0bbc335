// SPDX-License-Identifier: GPL-2.0
/* pidlecfg: "cycle N FILE", writes of valid values in turn, each checked. */
#define _GNU_SOURCE
#include "pidlecfg.h"

struct wline {
	char param[32];
	char *value;
};

int cycle(unsigned long n, const char *file)
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
		if (pidle_read_file(path, back, sizeof(back)) ||
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

