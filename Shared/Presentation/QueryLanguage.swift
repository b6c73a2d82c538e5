/// The query language's documentation: what `help query` prints, and what `docs/query.md` holds
/// word for word (a test keeps them the same).
package enum QueryLanguage {
    /// The grammar, the filters, the views and examples, as plain text of at most 100 columns.
    package static let help = """
        A query selects reminders. It is words, and a reminder is selected when it matches every one:

          WORD          text in the title, the notes, a tag's name or its list's name: a word there
                        starts with it, whatever the case and accents (dent finds "Dentist", cafe
                        finds "Café"); Chinese, Japanese, Thai… and emoji are found anywhere, as
                        written; "two words" (quoted) are found one after the other
          tag:NAME      carries the tag (tag:"Word games" for a name with spaces)
          +NAME         the same: +Work is tag:Work
          due:DAY       due on that day; due:today..+7d from one day to another (both included)
          due:week      due today or in the 6 days after
          due:overdue   open and due before now (all day: its day has ended where it is)
          due:none      undated; due:any, dated
          due<DAY       due before that day; due<=DAY up to its end; due>DAY after it; due>=DAY
                        from its start; due<now, due>now (due.before:DAY and due.after:DAY say
                        due< and due> without the characters a shell reads: quote those there)
          done:yes      done or cancelled; done:no, open
          status:S      todo, in-progress, done or cancelled (status:todo,in-progress for either)
          text:WORD     WORD as text, even when it names a view or has a colon (text:today)
          list:NAME     in that list (list:"Reminders" for the one a store starts with)
          pri:LEVEL     of that priority: high, medium, low or none, or !!!, !!, ! (pri:high,medium
                        for either)
          -TERM         anything but: -tag:Work, -done:yes, -dentist
                        (-f, -rf… are taken for a mistyped option: -text:f)

        A DAY is today, tomorrow, yesterday, a weekday (fri: the next one, today included), a date
        (2026-12-01, 5 dec, eom), or a count of days, weeks, months or years from today: +7d, -2w,
        +1m, +1y. A day is yours; an all-day reminder is on its own day where it is
        (Tokyo's Tuesday is Tuesday), as its card says.

        Views stand for queries:

          today         due:today done:no
          overdue       due:overdue
          week          due:week done:no
          undated       due:none done:no
          done          done:yes
          NAME          a view saved with `view save NAME QUERY` (`view list`, `view rm NAME`)

        A saved view may use others by name. One that another uses is not removed (that one would
        then look for its name as text): change or remove that one first. The built-in views stay.

        Every command that selects reminders takes a query: `list QUERY` (To Do, then the 10 most
        recently done of them), `search QUERY` (all of them, done ones after), `export QUERY`,
        `done QUERY` and `rm QUERY` (after showing what it selects and asking; --yes does not ask),
        and `watch --exec CMD QUERY` (runs CMD for the notifications of the reminders it selects).
        Examples:

          list today                     list tag:Work due<+7d
          search dentist                 search "call mum" -done:yes
          export tag:Work -o work.ics    done overdue tag:Shopping
          view save soon 'due<+3d' -tag:Work, then: list soon
        """
}
