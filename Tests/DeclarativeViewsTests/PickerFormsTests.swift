import DeclarativeViews
import Foundation
import Testing

/// Date pickers of every form (titles, labels, closed and partial ranges), the multi-date picker
/// and the colour picker, driven headless: what is typed by the picker's label is picked.
@MainActor @Suite struct PickerFormsTests {
    static let utc = TimeZone(identifier: "UTC")!
    static func day(_ text: String) -> Date {
        let formatter = DateFormatter()
        formatter.dateFormat = "yyyy-MM-dd HH:mm"
        formatter.timeZone = utc
        return formatter.date(from: text)!
    }

    struct Booking: View {
        @State var arrival = PickerFormsTests.day("2026-11-24 12:00")
        @State var departure = PickerFormsTests.day("2026-11-26 10:00")
        @State var birthday = PickerFormsTests.day("1990-05-01 00:00")
        @State var alarm = PickerFormsTests.day("2026-11-24 07:30")
        var body: some View {
            Form {
                DatePicker(String("Arrival"), selection: $arrival, in: PickerFormsTests.day("2026-11-24 00:00")...,
                           displayedComponents: .date)
                DatePicker(selection: $departure, in: ...PickerFormsTests.day("2026-12-31 00:00")) { Text("Departure") }
                DatePicker("Birthday", selection: $birthday, in: ...PickerFormsTests.day("2026-11-24 00:00"),
                           displayedComponents: DatePickerComponents.date)
                DatePicker(String("Alarm"), selection: $alarm, displayedComponents: [.hourAndMinute])
            }
            .environment(\.timeZone, PickerFormsTests.utc)
        }
    }

    @Test func datePickersOfEveryFormKeepTypedDatesWithinTheirRanges() throws {
        let (host, scheduler) = mount(Booking())
        let tree = host.renderedText
        #expect(tree.contains(#"Text "2026-11-24""#) && tree.contains(#"Text "2026-11-26 10:00""#))
        #expect(tree.contains("datePicker=Departure"), "a label's text titles the picker")
        try host.type("2026-11-01", into: "Arrival")
        try host.type("2027-02-01 09:00", into: "Departure")
        try host.type("2030-01-01", into: "Birthday")
        try host.type("06:45", into: "Alarm")
        scheduler.flush()
        let screen = try host.inspect()
        #expect(try screen.find(ViewType.DatePicker.self, containing: "Arrival").input() == "2026-11-24",
                "kept from the range's start on")
        #expect(try screen.find(ViewType.DatePicker.self, containing: "Departure").input() == "2026-12-31 00:00",
                "kept up to the range's end")
        #expect(try screen.find(ViewType.DatePicker.self, containing: "Birthday").input() == "2026-11-24")
        #expect(try screen.find(ViewType.DatePicker.self, containing: "Alarm").input() == "06:45")
    }

    struct Holidays: View {
        @State var days: Set<DateComponents> = []
        @State var trips: Set<DateComponents> = []
        var body: some View {
            VStack {
                MultiDatePicker("Holidays", selection: $days,
                                in: PickerFormsTests.day("2026-12-01 00:00")..<PickerFormsTests.day("2027-01-01 00:00"))
                MultiDatePicker(selection: $trips) { Text("Trips") }
                Text("picked \(days.count)")
            }
            .environment(\.timeZone, PickerFormsTests.utc)
        }
    }

    @Test func aMultiDatePickerPicksTheDaysTypedWithinItsBounds() throws {
        let (host, scheduler) = mount(Holidays())
        #expect(host.renderedText.contains("multiDatePicker=Holidays"))
        try host.type("2026-12-25, 2026-12-24", into: "Holidays")
        scheduler.flush()
        #expect(host.renderedText.contains(#"Text "2026-12-24, 2026-12-25""#), "shown in order")
        #expect(host.renderedText.contains(#"Text "picked 2""#))
        #expect(throws: ViewHostError.invalidInput(field: "Holidays", text: "2027-01-01", expected: "days before 2027-01-01")) {
            try host.type("2027-01-01", into: "Holidays")
        }
        #expect(throws: ViewHostError.self) { try host.type("2026-02-30", into: "Trips") }
        try host.type("2026-02-28", into: "Trips")
        try host.type("", into: "Holidays")
        scheduler.flush()
        #expect(host.renderedText.contains(#"Text "picked 0""#), "typing no days clears the selection")
        #expect(try host.inspect().find(textField: "Trips").input() == "2026-02-28")
    }

    @Test func aPickedDayHoldsTheCalendarEraYearMonthAndDay() throws {
        var picked: Set<DateComponents> = []
        let binding = Binding(get: { picked }, set: { picked = $0 })
        let (host, _) = mount(MultiDatePicker(String("Days"), selection: binding).environment(\.timeZone, Self.utc))
        try host.type("2026-12-24", into: "Days")
        let day = try #require(picked.first)
        #expect((day.era, day.year, day.month, day.day) == (1, 2026, 12, 24))
        #expect(day.calendar?.timeZone == Self.utc)
        #expect(day.hour == nil)
    }

    struct Theme: View {
        @State var tint = Color.blue
        @State var shade = Color.black
        @State var log: [String] = []
        var body: some View {
            VStack {
                ColorPicker("Tint", selection: $tint)
                ColorPicker(String("Shade"), selection: $shade, supportsOpacity: false)
                ColorPicker(selection: $tint, supportsOpacity: true) { Label("Accent", systemImage: "paintpalette") }
                Text("tint \(tint.description)").foregroundStyle(tint)
                Button(String("Reset"), role: .destructive) { tint = .blue; log.append("reset") }
            }
        }
    }

    @Test func aColorPickerPicksANamedOrHexColourIntoItsBinding() throws {
        let (host, scheduler) = mount(Theme())
        #expect(host.renderedText.contains("colorPicker=Tint"))
        #expect(host.renderedText.contains("colorPicker=Accent"))
        try host.type("teal", into: "Tint")
        scheduler.flush()
        #expect(host.renderedText.contains(#"Text "tint teal" [foregroundStyle=teal]"#))
        try host.type("#FF000080", into: "Accent")
        scheduler.flush()
        #expect(host.renderedText.contains(#"Text "tint rgba(1, 0, 0, 0.5019607843137255)""#))
        try host.type("#00FF00", into: "Shade")
        #expect(throws: ViewHostError.self, "a picker without opacity takes no alpha") {
            try host.type("#00FF0080", into: "Shade")
        }
        #expect(throws: ViewHostError.self) { try host.type("greenish", into: "Shade") }
        scheduler.flush()
        #expect(try host.inspect().find(ViewType.ColorPicker.self, containing: "Shade").input() == "rgba(0, 1, 0, 1)")
        try host.tap("Reset")
        scheduler.flush()
        #expect(host.renderedText.contains(#"Text "tint blue""#))
    }
}
