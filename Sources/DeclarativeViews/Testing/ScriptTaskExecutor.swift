import Dispatch

/// The executor of the tasks a script step starts and then waits for (`refresh`): a serial
/// queue of its own, outside Swift's cooperative pool.
///
/// The step blocks its thread while it waits, as a user's finger waits for the spinner. On the
/// pool (one thread per core) the task would queue behind whatever else holds those threads —
/// other blocking tests run in parallel, a view's synchronous work — and could wait as long as
/// they do; a machine with two cores ran into the step's 60-second limit that way. Jobs of the
/// task, and of child tasks that inherit its preference, run here instead, so the wait depends
/// only on the action itself.
final class ScriptTaskExecutor: TaskExecutor {
    static let shared = ScriptTaskExecutor()

    private let queue = DispatchQueue(label: "DeclarativeViews.ViewHost.script-task")

    func enqueue(_ job: consuming ExecutorJob) {
        let job = UnownedJob(job)
        queue.async { job.runSynchronously(on: self.asUnownedTaskExecutor()) }
    }
}
