// Runs seed 003's app (`Examples/SeedStory`) headless:
//
//     swift run AGIssueApp                                      # prints the cycle line, keeps running
//     AG_PRINT_CYCLES=2 DV_RUN_SECONDS=1 swift run AGIssueApp   # the full report, then exits 0
//     AG_TRAP_CYCLES=1 swift run AGIssueApp                     # stops at the cycle
import SeedStory

AGIssueApp.main()
