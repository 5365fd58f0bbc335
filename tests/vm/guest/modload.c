// SPDX-License-Identifier: GPL-2.0
/*
 * modload: load a module with one finit_module() call and nothing else.
 * busybox insmod retries a failed finit_module() with init_module(), so a
 * refused load runs the module's init twice and logs its message twice;
 * this program makes exactly one attempt, so a test can count log lines
 * per attempt. Usage: modload FILE.ko [PARAM=VALUE ...]
 * Exit status 0 on success, else 1 with "modload: <strerror>" on stderr.
 */
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <string.h>
#include <sys/syscall.h>
#include <unistd.h>

int main(int argc, char **argv)
{
	char params[4096] = "";
	size_t len = 0;
	int fd, i;

	if (argc < 2) {
		fprintf(stderr, "usage: modload FILE.ko [PARAM=VALUE ...]\n");
		return 2;
	}
	for (i = 2; i < argc; i++) {
		int n = snprintf(params + len, sizeof(params) - len, "%s%s",
				 len ? " " : "", argv[i]);

		if (n < 0 || (size_t)n >= sizeof(params) - len) {
			fprintf(stderr, "modload: parameters longer than %zu bytes\n",
				sizeof(params) - 1);
			return 2;
		}
		len += n;
	}
	fd = open(argv[1], O_RDONLY | O_CLOEXEC);
	if (fd < 0) {
		fprintf(stderr, "modload: %s: %s\n", argv[1], strerror(errno));
		return 1;
	}
	if (syscall(SYS_finit_module, fd, params, 0)) {
		fprintf(stderr, "modload: %s\n", strerror(errno));
		close(fd);
		return 1;
	}
	close(fd);
	return 0;
}
