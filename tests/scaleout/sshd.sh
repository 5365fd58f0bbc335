#!/bin/bash
# sshd.sh: an sshd on 127.0.0.1 for a test of GNU parallel's -S, with a
# key made for the test (Debian: openssh-server, openssh-client).
#
#   source tests/scaleout/sshd.sh
#   sshd_start DIR [VAR...]  host key, user key, sshd_config and ssh_config
#                            in DIR; sshd on a free port; the login
#                            "scaleout" (this user at 127.0.0.1) for
#                            ssh -F DIR/ssh_config, exported as
#                            PARALLEL_SSH; each VAR's value travels to
#                            the remote commands (SetEnv/AcceptEnv); one
#                            connection carries them all (ControlMaster)
#   sshd_stop DIR            stops it, by its pid file
#   sshd_logs DIR            its log
#
# Nothing outside DIR changes, except /run/sshd (sshd's privilege
# separation directory, empty), made when missing and then removed.

sshd_start() {
	local d=$1 port v accept= setenv=; shift
	mkdir -p "$d" || return 1
	chmod 700 "$d"
	ssh-keygen -q -t ed25519 -N '' -C scaleout-host -f "$d/host_key" || return 1
	ssh-keygen -q -t ed25519 -N '' -C scaleout-test -f "$d/id" || return 1
	cp "$d/id.pub" "$d/authorized_keys"
	echo "[127.0.0.1]:PORT $(cat "$d/host_key.pub")" > "$d/known_hosts"
	for v in "$@"; do
		accept="$accept $v"
		setenv="$setenv $v=${!v}"
	done
	port=$(slurm_free_port)
	sed -i "s/PORT/$port/" "$d/known_hosts"
	cat > "$d/sshd_config" <<-EOF
	ListenAddress 127.0.0.1
	Port $port
	HostKey $d/host_key
	PidFile $d/sshd.pid
	AuthorizedKeysFile $d/authorized_keys
	PasswordAuthentication no
	KbdInteractiveAuthentication no
	PermitRootLogin prohibit-password
	UsePAM no
	StrictModes no
	MaxSessions 64
	MaxStartups 64
	${accept:+AcceptEnv$accept}
	EOF
	cat > "$d/ssh_config" <<-EOF
	Host scaleout
	    HostName 127.0.0.1
	    Port $port
	    User $(id -un)
	    IdentityFile $d/id
	    IdentitiesOnly yes
	    UserKnownHostsFile $d/known_hosts
	    StrictHostKeyChecking yes
	    BatchMode yes
	    ControlMaster auto
	    ControlPath $d/cm-%C
	    ControlPersist 120
	    ${setenv:+SetEnv$setenv}
	EOF
	if [ "$(id -u)" = 0 ] && [ ! -d /run/sshd ]; then
		mkdir -p /run/sshd && touch "$d/made-run-sshd"
	fi
	/usr/sbin/sshd -f "$d/sshd_config" -E "$d/sshd.log" || return 1
	export PARALLEL_SSH="ssh -F $d/ssh_config"
	ssh -F "$d/ssh_config" scaleout true || { echo "sshd: cannot log in to scaleout" >&2; return 1; }
}

sshd_stop() {
	local d=$1 pid
	# the connection master (ControlPersist), then sshd
	[ -f "$d/ssh_config" ] && ssh -F "$d/ssh_config" -O exit scaleout 2>/dev/null
	if [ -s "$d/sshd.pid" ]; then
		pid=$(cat "$d/sshd.pid")
		kill "$pid" 2>/dev/null
		for _ in $(seq 50); do kill -0 "$pid" 2>/dev/null || break; sleep 0.1; done
	fi
	[ -e "$d/made-run-sshd" ] && rmdir /run/sshd 2>/dev/null
	rm -f "$d/made-run-sshd"
}

sshd_logs() {
	[ -f "$1/sshd.log" ] && { echo "--- $1/sshd.log (last 30 lines)"; tail -n 30 "$1/sshd.log"; }
}
