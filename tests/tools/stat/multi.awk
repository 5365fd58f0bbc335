# The spec of an 8-CPU, 3-level fake tree for mktree.sh (see setup.sh).
BEGIN {
	split("POLL C1 C6 CL6 PC2 PC6", name, " ")
	split("0 2 100 200 300 500", lat, " ")
	a = phase == "after"
	print "sys pseudo_cpuidle teo core=0-1,2-3,4-5,6-7;cluster=0-3,4-7;package=0-7"
	for (cpu = 0; cpu < 8; cpu++)
		for (k = 1; k <= 6; k++) {
			base = (cpu == 0 && !a) ? 1000000 : 0
			u = a ? 100 * k + cpu : base
			t = a ? 150000 * k + 10000 * cpu : base
			ab = a ? k + cpu : 0
			be = a && k < 6 ? 2 * k : 0
			printf "cpuidle %d %d %s %d %d %d %d %d\n", cpu, k - 1,
				name[k], lat[k], u, t, ab, be
			printf "pcpu %d %d %d %d %d %d %d\n", cpu, k - 1, u,
				u - (a ? k - 1 : 0), a ? k - 1 : 0,
				a ? u * lat[k] * 1000 : 0, a ? 50 * u : 0
		}
	for (d = 0; d < 4; d++)
		printf "domain core%d core %d-%d 2 C6 %d %d %d %d %d\n", d,
			2 * d, 2 * d + 1, a ? 80 + d : 0, a ? 600000000 + d * 1e7 : 0,
			a ? d : 0, 0, a ? 8000000 : 0
	for (d = 0; d < 2; d++)
		printf "domain cluster%d cluster %d-%d 3 CL6 %d %d %d %d %d\n", d,
			4 * d, 4 * d + 3, a ? 40 : 0, a ? 400000000 : 0,
			a ? 4 : 0, a ? d : 0, a ? 8000000 : 0
	printf "domain package0 package 0-7 4 PC2 %d %d %d %d %d\n", a ? 30 : 0,
		a ? 200000000 : 0, a ? 3 : 0, a ? 5 : 0, a ? 9000000 : 0
	printf "domain package0 package 0-7 5 PC6 %d %d %d %d %d\n", a ? 10 : 0,
		a ? 100000000 : 0, a ? 5 : 0, a ? 7 : 0, a ? 5000000 : 0
}
