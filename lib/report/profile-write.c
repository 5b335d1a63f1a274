// SPDX-License-Identifier: GPL-2.0-only
/* A noise profile's JSON document; see report/profile-write.h. */
#include <errno.h>
#include <json-c/json.h>
#include <math.h>

#include "report/profile-write.h"
#include "report/json-write.h"

/* A variance or a mean square: as many digits as it has. */
static jobj *jvar(double v)
{
	return latt_json_number(v, "%.6g");
}

/* Metric @n's estimates. */
static jobj *noise_obj(const struct latt_noise *n)
{
	jobj *o = json_object_new_object();

	add(o, "run_var", jvar(n->run));
	add(o, "run_df", jvar(n->run_df));
	add(o, "inv_var", jvar(n->inv));
	add(o, "inv_df", jvar(n->inv_df));
	add(o, "within", jvar(n->within));
	add(o, "noise", jvar(n->noise));
	add(o, "between", jvar(n->between));
	add(o, "between_df", jvar(n->between_df));
	add(o, "runs_h", jvar(n->runs_h));
	return o;
}

int latt_profile_write(FILE *f, const struct latt_profile_doc *d)
{
	jobj *root = json_object_new_object(), *o, *a;
	const char *text;
	char date[32];
	struct tm tm;
	size_t i, j;
	int ret = 0;

	if (!root)
		return -ENOMEM;
	add(root, "profile_version", json_object_new_int(LATT_PROFILE_VERSION));
	o = json_object_new_object();
	add(o, "name", jstr("latt"));
	add(o, "version", jstr(PACKAGE_VERSION));
	add(root, "tool", o);
	gmtime_r(&d->date, &tm);
	strftime(date, sizeof(date), "%Y-%m-%dT%H:%M:%SZ", &tm);
	add(root, "date", jstr(date));
	a = json_object_new_array();
	json_object_array_add(a, jstr(d->tool));
	for (i = 0; i < (size_t)d->argc; i++)
		json_object_array_add(a, jstr(d->argv[i]));
	add(root, "command_line", a);
	add(root, "configuration", jstr(d->config));
	add(root, "settings", jstr(d->settings));
	o = json_object_new_object();
	for (i = 0; i < d->nfacts; i++)
		add(o, d->key[i], jstr(d->val[i]));
	add(root, "facts", o);
	add(root, "smt", d->smt ? jstr(d->smt) : NULL);
	add(root, "governor", d->governor ? jstr(d->governor) : NULL);
	a = json_object_new_array();
	for (i = 0; i < d->p->invocations; i++)
		json_object_array_add(a, juint(d->runs[i]));
	add(root, "runs", a);
	if (d->sources) {
		a = json_object_new_array();
		for (i = 0; i < d->p->invocations; i++)
			json_object_array_add(a, jstr(d->sources[i]));
		add(root, "sources", a);
	} else {
		add(root, "sources", NULL);
	}
	o = json_object_new_object();
	for (i = 0; i < d->ml->n; i++)
		if (d->p->m[i].known)
			add(o, d->ml->m[i].name, noise_obj(&d->p->m[i]));
	add(root, "metrics", o);
	/* Each pair of them once: how they move together. */
	a = json_object_new_array();
	for (i = 0; i < d->ml->n; i++)
		for (j = 0; j < i; j++) {
			if (!d->p->m[i].known || !d->p->m[j].known)
				continue;
			o = json_object_new_object();
			add(o, "a", jstr(d->ml->m[j].name));
			add(o, "b", jstr(d->ml->m[i].name));
			add(o, "within", jvar(d->p->within_cov[i][j]));
			add(o, "between", jvar(d->p->between_cov[i][j]));
			json_object_array_add(a, o);
		}
	add(root, "covariances", a);
	text = json_object_to_json_string_ext(root, JSON_C_TO_STRING_PRETTY |
					      JSON_C_TO_STRING_SPACED |
					      JSON_C_TO_STRING_NOSLASHESCAPE);
	if (!text)
		ret = -ENOMEM;
	else if (fputs(text, f) < 0 || fputc('\n', f) < 0)
		ret = errno ? -errno : -EIO;
	json_object_put(root);
	return ret;
}
