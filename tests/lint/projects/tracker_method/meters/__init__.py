from .stats import StepLog, QuietLog
