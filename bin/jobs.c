/*
 * jobs.c: work items processed by a pool of threads and handed back in
 * the order they were produced, so that output never depends on which
 * worker finished first.  At most `window` items are in flight, which
 * bounds memory whatever the number of inputs.
 */
#define _GNU_SOURCE	/* sched_getaffinity, CPU_COUNT */

#include <err.h>
#include <pthread.h>
#include <sched.h>
#include <signal.h>
#include <stdlib.h>
#include <unistd.h>

#include "cli.h"

struct slot {
	void	*item;
	int	 done;
};

struct pool {
	const struct job_ops	*ops;
	struct slot		*ring;
	size_t			 window;
	size_t			 head;		/* oldest item not yet emitted */
	size_t			 tail;		/* next free slot */
	size_t			 claimed;	/* next item for a worker */
	int			 closed;	/* no more items will come */
	pthread_mutex_t		 lock;
	pthread_cond_t		 work_cv;	/* items to claim, or closed */
	pthread_cond_t		 done_cv;	/* an item finished */
};

static void *
worker(void *arg)
{
	struct pool *p = arg;
	struct slot *s;

	pthread_mutex_lock(&p->lock);
	for (;;) {
		while (p->claimed == p->tail && !p->closed)
			pthread_cond_wait(&p->work_cv, &p->lock);
		if (p->claimed == p->tail)
			break;
		s = &p->ring[p->claimed++ % p->window];
		pthread_mutex_unlock(&p->lock);
		p->ops->work(p->ops->arg, s->item);
		pthread_mutex_lock(&p->lock);
		s->done = 1;
		pthread_cond_broadcast(&p->done_cv);
	}
	pthread_mutex_unlock(&p->lock);
	return NULL;
}

/* Emit the oldest item once its worker is done with it. */
static void
emit_oldest(struct pool *p)
{
	struct slot *s = &p->ring[p->head % p->window];

	pthread_mutex_lock(&p->lock);
	while (!s->done)
		pthread_cond_wait(&p->done_cv, &p->lock);
	pthread_mutex_unlock(&p->lock);
	p->ops->emit(p->ops->arg, s->item);
	s->done = 0;
	p->head++;
}

void
run_jobs(const struct job_ops *ops, size_t nthreads)
{
	struct pool p;
	pthread_t *tids;
	sigset_t saved;
	size_t i, started = 0;
	void *item;

	if (nthreads <= 1) {
		while ((item = ops->next(ops->arg)) != NULL) {
			ops->work(ops->arg, item);
			ops->emit(ops->arg, item);
		}
		return;
	}
	p.ops = ops;
	p.window = 4 * nthreads;
	p.head = p.tail = p.claimed = 0;
	p.closed = 0;
	if ((p.ring = calloc(p.window, sizeof(*p.ring))) == NULL ||
	    (tids = calloc(nthreads, sizeof(*tids))) == NULL)
		err(1, NULL);
	pthread_mutex_init(&p.lock, NULL);
	pthread_cond_init(&p.work_cv, NULL);
	pthread_cond_init(&p.done_cv, NULL);
	/* Workers never take ^C and the like: the writer does (output.c). */
	(void)pthread_sigmask(SIG_BLOCK, line_signals(), &saved);
	for (i = 0; i < nthreads; i++)
		if (pthread_create(&tids[started], NULL, worker, &p) == 0)
			started++;
	(void)pthread_sigmask(SIG_SETMASK, &saved, NULL);
	if (started == 0)
		errx(1, "cannot start worker threads");

	for (;;) {
		if (p.tail - p.head == p.window)
			emit_oldest(&p);
		if ((item = ops->next(ops->arg)) == NULL)
			break;
		pthread_mutex_lock(&p.lock);
		p.ring[p.tail % p.window].item = item;
		p.ring[p.tail % p.window].done = 0;
		p.tail++;
		pthread_cond_signal(&p.work_cv);
		pthread_mutex_unlock(&p.lock);
	}
	pthread_mutex_lock(&p.lock);
	p.closed = 1;
	pthread_cond_broadcast(&p.work_cv);
	pthread_mutex_unlock(&p.lock);
	while (p.head != p.tail)
		emit_oldest(&p);
	for (i = 0; i < started; i++)
		pthread_join(tids[i], NULL);
	pthread_mutex_destroy(&p.lock);
	pthread_cond_destroy(&p.work_cv);
	pthread_cond_destroy(&p.done_cv);
	free(tids);
	free(p.ring);
}

/* One worker per CPU this process may run on (taskset -c 1: one). */
size_t
default_jobs(void)
{
	cpu_set_t set;
	long n;

	if (sched_getaffinity(0, sizeof(set), &set) == 0 &&
	    (n = CPU_COUNT(&set)) > 0)
		return (size_t)n;
	n = sysconf(_SC_NPROCESSORS_ONLN);
	return n > 0 ? (size_t)n : 1;
}
