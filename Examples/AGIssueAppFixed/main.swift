// Runs seed 003's app with the seed's fix (`Examples/SeedStory`): no cycle.
//
//     DV_PRINT_RENDER=1 DV_RUN_SECONDS=1 swift run AGIssueAppFixed
import SeedStory

AGIssueAppFixed.main()
