from renderer.cli.main import main

raise SystemExit(main())
