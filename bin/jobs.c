/*
 * jobs.c: work items processed by a pool of threads and handed back in
 * the order they were produced, so that output never depends on which
 * worker finished first.  At most `window` items are in flight, which
 * bounds memory whatever the number of inputs.
 *
 * Every thread, the serial loop included, keeps up to LANE_WINDOW items
 * in a queue and routes each as it takes it (route.c): regular files go
 * to its lane schedulers, so that a multi-buffer kernel always has files
 * to hash side by side; the others wait their turn.  It finishes them
 * oldest first.
 *
 * When the next item would have to be waited for (a name not yet written
 * to a pipe), the items taken are finished and emitted first: whoever
 * writes the names may be waiting for those lines.
 */
#define _GNU_SOURCE	/* sched_getaffinity, CPU_COUNT */

#include <sys/resource.h>

#include <err.h>
#include <pthread.h>
#include <sched.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
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
	size_t			 fd_budget;	/* descriptors each may hold there */
	pthread_mutex_t		 lock;
	pthread_cond_t		 work_cv;	/* items to claim, or closed */
	pthread_cond_t		 done_cv;	/* an item finished */
};

/* One thread's items, oldest first, and its route. */
struct lane_queue {
	struct route	*rt;
	struct {
		void		*item;
		struct slot	*slot;		/* NULL in the serial loop */
	} q[LANE_WINDOW];
	size_t		 head, count;
};

/* Descriptors kept for stdio, manifests, the walk and hashing one by one. */
#define FD_RESERVE	16

/* Will ops->next() return without waiting?  (Always, without ready.) */
static int
ready_now(const struct job_ops *ops, int (*ready)(void *))
{
	return ready == NULL || ready(ops->arg);
}

/*
 * Finish the oldest item of a queue (its results from the schedulers, or
 * hashed in its turn: ops->work, through hash_input_work); then emit it
 * (serial loop, p NULL) or mark it done for the emitting thread.
 */
static void
lq_finish_oldest(struct lane_queue *lq, const struct job_ops *ops,
    struct pool *p)
{
	void *item = lq->q[lq->head].item;
	struct slot *slot = lq->q[lq->head].slot;

	ops->work(ops->arg, item);
	lq->head = (lq->head + 1) % LANE_WINDOW;
	lq->count--;
	if (p == NULL) {
		ops->emit(ops->arg, item);
		return;
	}
	pthread_mutex_lock(&p->lock);
	slot->done = 1;
	pthread_cond_broadcast(&p->done_cv);
	pthread_mutex_unlock(&p->lock);
}

/*
 * Queue an item (there is room), routed; when descriptors run out, older
 * items are finished to free theirs.  An item to hash in its turn with
 * nothing before it is finished at once: holding it gains nothing.
 */
static void
lq_push(struct lane_queue *lq, const struct job_ops *ops, struct pool *p,
    void *item, struct slot *slot)
{
	struct input *in = ops->input(item);
	size_t i;
	int r = 0;

	if (in != NULL)
		while ((r = route_submit(lq->rt, in)) == -1 && lq->count > 0)
			lq_finish_oldest(lq, ops, p);
	i = (lq->head + lq->count++) % LANE_WINDOW;
	lq->q[i].item = item;
	lq->q[i].slot = slot;
	if (r != 1 && lq->count == 1)
		lq_finish_oldest(lq, ops, p);
}

/* A worker: claims what its queue can hold, finishes oldest first. */
static void *
worker(void *arg)
{
	struct pool *p = arg;
	struct lane_queue lq;
	struct slot *s;

	memset(&lq, 0, sizeof(lq));
	lq.rt = route_new(p->fd_budget);
	pthread_mutex_lock(&p->lock);
	for (;;) {
		while (lq.count < LANE_WINDOW && p->claimed < p->tail) {
			s = &p->ring[p->claimed++ % p->window];
			pthread_mutex_unlock(&p->lock);
			lq_push(&lq, p->ops, p, s->item, s);
			pthread_mutex_lock(&p->lock);
		}
		if (lq.count == 0) {
			if (p->closed)
				break;
			pthread_cond_wait(&p->work_cv, &p->lock);
			continue;
		}
		pthread_mutex_unlock(&p->lock);
		lq_finish_oldest(&lq, p->ops, p);
		pthread_mutex_lock(&p->lock);
	}
	pthread_mutex_unlock(&p->lock);
	route_free(lq.rt);
	return NULL;
}

/* The serial loop: the same, with this thread emitting. */
static void
serial_loop(const struct job_ops *ops, size_t fd_budget,
    int (*ready)(void *))
{
	struct lane_queue lq;
	void *item;
	int eof = 0;

	memset(&lq, 0, sizeof(lq));
	lq.rt = route_new(fd_budget);
	for (;;) {
		while (!eof && lq.count < LANE_WINDOW) {
			while (lq.count > 0 && !ready_now(ops, ready))
				lq_finish_oldest(&lq, ops, NULL);
			if ((item = ops->next(ops->arg)) == NULL)
				eof = 1;
			else
				lq_push(&lq, ops, NULL, item, NULL);
		}
		if (lq.count == 0)
			break;
		lq_finish_oldest(&lq, ops, NULL);
	}
	route_free(lq.rt);
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

/*
 * The descriptors each thread's lanes may hold open (a file in the lanes
 * holds one per algorithm): what RLIMIT_NOFILE leaves after FD_RESERVE,
 * shared out; 0 (no lanes) if that is nothing.
 */
static size_t
lane_fd_budget(size_t nthreads)
{
	struct rlimit rl;
	size_t n = nthreads > 0 ? nthreads : 1;

	if (getrlimit(RLIMIT_NOFILE, &rl) == -1 ||
	    rl.rlim_cur == RLIM_INFINITY ||
	    rl.rlim_cur >= (rlim_t)(FD_RESERVE + n * LANE_WINDOW * MAX_ALGS))
		return LANE_WINDOW * MAX_ALGS;
	if (rl.rlim_cur <= (rlim_t)(FD_RESERVE + n))
		return 0;
	return ((size_t)rl.rlim_cur - FD_RESERVE) / n;
}

void
run_jobs(const struct job_ops *ops, size_t nthreads)
{
	run_jobs_ready(ops, nthreads, NULL);
}

void
run_jobs_ready(const struct job_ops *ops, size_t nthreads,
    int (*ready)(void *))
{
	struct pool p;
	pthread_t *tids;
	sigset_t saved;
	size_t i, started = 0;
	void *item;
	size_t budget = lane_fd_budget(nthreads);

	hash_threads = nthreads > 0 ? (unsigned int)nthreads : 1;
	if (nthreads <= 1) {
		serial_loop(ops, budget, ready);
		return;
	}
	p.ops = ops;
	p.fd_budget = budget;
	/* Room for every worker's queue, and some to spare. */
	p.window = nthreads * (LANE_WINDOW + 4);
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
		while (p.head != p.tail && !ready_now(ops, ready))
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
