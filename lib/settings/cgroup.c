// SPDX-License-Identifier: GPL-2.0-only
/*
 * Control groups for the target command; see lib/settings/cgroup.h.
 */
#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <stdio.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "settings/cgroup.h"
#include "base/util.h"
#include "measure/sysinfo.h"
#include "settings/undo.h"

/* One cgroup mount from /proc/self/mountinfo. */
struct mount {
	char point[PATH_MAX];	/* where it is mounted */
	char root[PATH_MAX];	/* what part of the hierarchy it shows */
	bool v2;
};

/*
 * The mount of the hierarchy with the cpu controller: a cgroup2 mount
 * whose root offers "cpu", else a v1 mount with the cpu option.
 */
static int find_cpu_mount(const char *root, struct mount *m)
{
	char path[PATH_MAX + 32], line[4096], ctl[256];
	struct mount v1 = { .point = "" }, v2 = { .point = "" };
	FILE *f;

	snprintf(path, sizeof(path), "%s/proc/self/mountinfo", root);
	f = fopen(path, "re");
	if (!f)
		return -errno;
	while (fgets(line, sizeof(line), f)) {
		char mroot[PATH_MAX], point[PATH_MAX], *sep;
		char fstype[64], source[256], opts[1024];

		if (sscanf(line, "%*s %*s %*s %4095s %4095s", mroot,
			   point) != 2)
			continue;
		sep = strstr(line, " - ");
		if (!sep || sscanf(sep + 3, "%63s %255s %1023s", fstype,
				   source, opts) != 3)
			continue;
		if (!strcmp(fstype, "cgroup2") && !v2.point[0]) {
			snprintf(v2.point, sizeof(v2.point), "%s%s", root,
				 point);
			snprintf(v2.root, sizeof(v2.root), "%s", mroot);
			v2.v2 = true;
		} else if (!strcmp(fstype, "cgroup") &&
			   latt_has_word(opts, "cpu", ",") && !v1.point[0]) {
			snprintf(v1.point, sizeof(v1.point), "%s%s", root,
				 point);
			snprintf(v1.root, sizeof(v1.root), "%s", mroot);
		}
	}
	fclose(f);
	snprintf(path, sizeof(path), "%s/cgroup.controllers", v2.point);
	if (v2.point[0] && !latt_sysinfo_line("", path, ctl, sizeof(ctl)) &&
	    latt_has_word(ctl, "cpu", " ")) {
		*m = v2;
		return 0;
	}
	if (v1.point[0]) {
		*m = v1;
		return 0;
	}
	return -ENOENT;
}

/* latt's own cgroup in @m's hierarchy, from /proc/self/cgroup. */
static int own_cgroup(const char *root, const struct mount *m, char *buf,
		      size_t len)
{
	char path[PATH_MAX], line[4096];
	int ret = -ENOENT;
	FILE *f;

	snprintf(path, sizeof(path), "%s/proc/self/cgroup", root);
	f = fopen(path, "re");
	if (!f)
		return -errno;
	while (fgets(line, sizeof(line), f)) {
		char *ctl = strchr(line, ':'), *cg;

		if (!ctl || !(cg = strchr(ctl + 1, ':')))
			continue;
		*cg++ = '\0';
		cg[strcspn(cg, "\n")] = '\0';
		ctl++;
		if (m->v2 ? *ctl != '\0' : !latt_has_word(ctl, "cpu", ","))
			continue;
		snprintf(buf, len, "%s", cg);
		ret = 0;
		break;
	}
	fclose(f);
	return ret;
}

int latt_cgroup_locate(struct latt_cgroup *cg, const char *root, char *err,
		       size_t len)
{
	char own[PATH_MAX], *rel, *slash;
	struct mount m;
	size_t n;
	int ret;

	memset(cg, 0, sizeof(*cg));
	ret = find_cpu_mount(root, &m);
	if (ret) {
		latt_fmt(err, len, "no cgroup hierarchy offers the cpu "
			 "controller (cgroup v2 with cpu enabled, or a v1 cpu "
			 "mount)");
		return ret;
	}
	ret = own_cgroup(root, &m, own, sizeof(own));
	if (ret) {
		latt_fmt(err, len, "latt's own cgroup is not in "
			 "/proc/self/cgroup");
		return ret;
	}
	/* The mount shows the hierarchy from m.root down. */
	n = strlen(m.root);
	rel = own;
	if (strcmp(m.root, "/") && !strncmp(own, m.root, n) &&
	    (own[n] == '/' || !own[n]))
		rel = own + n;
	/* The parent of latt's own cgroup; the root has none. */
	slash = strrchr(rel, '/');
	if (slash)
		*slash = '\0';
	if ((size_t)snprintf(cg->path, sizeof(cg->path), "%s%s", m.point,
			     rel) >= sizeof(cg->path)) {
		latt_fmt(err, len, "cgroup path too long");
		return -ENAMETOOLONG;
	}
	cg->v2 = m.v2;
	/* On v2 a child has cpu.weight only where its parent hands cpu on. */
	if (cg->v2) {
		char path[PATH_MAX + 32], ctl[256] = "";

		snprintf(path, sizeof(path), "%s/cgroup.subtree_control",
			 cg->path);
		if (latt_sysinfo_line("", path, ctl, sizeof(ctl)) ||
		    !latt_has_word(ctl, "cpu", " ")) {
			latt_fmt(err, len, "the cpu controller is not enabled "
				 "for the children of %s (its "
				 "cgroup.subtree_control)", cg->path);
			return -EOPNOTSUPP;
		}
	}
	return 0;
}

int latt_cgroup_create(struct latt_cgroup *cg, const char *name,
		       unsigned int weight, char *err, size_t len)
{
	char parent[PATH_MAX], value[32];
	int ret;

	snprintf(parent, sizeof(parent), "%s", cg->path);
	if ((size_t)snprintf(cg->path, sizeof(cg->path), "%s/%s", parent,
			     name) >= sizeof(cg->path)) {
		latt_fmt(err, len, "cgroup path too long");
		return -ENAMETOOLONG;
	}
	cg->undo = latt_undo_add(LATT_UNDO_CGROUP, "cgroup", cg->path, "",
				 cg->v2 ? "v2" : "v1");
	if (cg->undo < 0) {
		ret = cg->undo;
		cg->undo = 0;
		latt_fmt(err, len, "cannot write the undo record %s (%s) "
			 "before making cgroup %s", latt_undo_file(),
			 strerror(-ret), cg->path);
		snprintf(cg->path, sizeof(cg->path), "%s", parent);
		return ret;
	}
	if (mkdir(cg->path, 0755)) {
		ret = -errno;
		latt_undo_forget(cg->undo);
		cg->undo = 0;
		latt_fmt(err, len, "making cgroup %s", cg->path);
		snprintf(cg->path, sizeof(cg->path), "%s", parent);
		return ret;
	}
	latt_undo_made(cg->undo);
	cg->created = true;
	if (cg->v2) {
		snprintf(value, sizeof(value), "%u", weight);
		ret = latt_write_file(cg->path, "/cpu.weight", value);
	} else {
		unsigned long shares = weight * 1024UL / 100;

		snprintf(value, sizeof(value), "%lu", shares < 2 ? 2 : shares);
		ret = latt_write_file(cg->path, "/cpu.shares", value);
	}
	if (ret == -ENOENT && cg->v2)
		latt_fmt(err, len, "cgroup %s has no cpu.weight: the cpu "
			 "controller is not enabled in "
			 "%s/cgroup.subtree_control", cg->path, parent);
	else if (ret)
		latt_fmt(err, len, "setting the weight of cgroup %s (%s)",
			 cg->path, cg->v2 ? "cpu.weight" : "cpu.shares");
	if (ret)
		latt_cgroup_remove(cg);
	return ret;
}

int latt_cgroup_open(struct latt_cgroup *cg, const char *path, char *err,
		     size_t len)
{
	char procs[PATH_MAX + 16];
	struct stat st;

	memset(cg, 0, sizeof(*cg));
	snprintf(cg->path, sizeof(cg->path), "%s", path);
	latt_cgroup_procs(cg, procs, sizeof(procs));
	if (stat(path, &st) || !S_ISDIR(st.st_mode) ||
	    access(procs, F_OK)) {
		latt_fmt(err, len, "target-cgroup %s is not a cgroup "
			 "directory (it has no cgroup.procs)", path);
		return -ENOENT;
	}
	if (faccessat(AT_FDCWD, procs, W_OK, AT_EACCESS)) {
		int ret = -errno;

		latt_fmt(err, len, "target-cgroup %s: cannot write %s "
			 "(needs root, or the cgroup delegated to you)", path,
			 procs);
		return ret;
	}
	snprintf(procs, sizeof(procs), "%s/cgroup.controllers", path);
	cg->v2 = !access(procs, F_OK);
	return 0;
}

char *latt_cgroup_procs(const struct latt_cgroup *cg, char *buf, size_t len)
{
	snprintf(buf, len, "%s/cgroup.procs", cg->path);
	return buf;
}

int latt_cgroup_join(const char *procs)
{
	ssize_t n;
	int fd, ret = 0;

	fd = open(procs, O_WRONLY | O_CLOEXEC);
	if (fd < 0)
		return -errno;
	/* "0" is the writer itself, on v1 and v2 alike. */
	n = write(fd, "0", 1);
	if (n != 1)
		ret = n < 0 ? -errno : -EIO;
	close(fd);
	return ret;
}

int latt_cgroup_kill(const struct latt_cgroup *cg, int sig)
{
	char path[PATH_MAX + 16];
	int pid, n = 0;
	FILE *f;

	if (cg->v2 && sig == SIGKILL && !latt_write_file(cg->path,
							 "/cgroup.kill", "1"))
		return 1;
	f = fopen(latt_cgroup_procs(cg, path, sizeof(path)), "re");
	if (!f)
		return -errno;
	while (fscanf(f, "%d", &pid) == 1)
		if (pid > 0 && !kill(pid, sig))
			n++;
	fclose(f);
	return n;
}

bool latt_cgroup_populated(const struct latt_cgroup *cg)
{
	char path[PATH_MAX + 16];
	bool any;
	FILE *f;
	int pid;

	f = fopen(latt_cgroup_procs(cg, path, sizeof(path)), "re");
	if (!f)
		return false;
	any = fscanf(f, "%d", &pid) == 1;
	fclose(f);
	return any;
}

int latt_cgroup_remove(struct latt_cgroup *cg)
{
	int i;

	if (!cg->created)
		return 0;
	/* The last processes may still be on their way out. */
	for (i = 0; i < 200; i++) {
		if (!rmdir(cg->path) || errno == ENOENT) {
			cg->created = false;
			latt_undo_forget(cg->undo);
			cg->undo = 0;
			return 0;
		}
		if (errno != EBUSY)
			return -errno;
		poll(NULL, 0, 10);
	}
	return -EBUSY;
}

int latt_cgroup_weight(const struct latt_cgroup *cg, unsigned int *weight)
{
	char path[PATH_MAX + 16], line[32];
	unsigned long v;
	int ret;

	snprintf(path, sizeof(path), "%s/%s", cg->path,
		 cg->v2 ? "cpu.weight" : "cpu.shares");
	ret = latt_sysinfo_line("", path, line, sizeof(line));
	if (ret)
		return ret;
	if (sscanf(line, "%lu", &v) != 1)
		return -EINVAL;
	*weight = cg->v2 ? (unsigned int)v : (unsigned int)(v * 100 / 1024);
	return 0;
}
