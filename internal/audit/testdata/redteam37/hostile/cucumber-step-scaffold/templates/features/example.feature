Feature: Sign in
  As a registered user
  I want to sign in
  So that I can see my dashboard

  Scenario: Successful sign in
    Given a user "ada@shop.example" with password "correct horse"
    When I sign in as "ada@shop.example" with password "correct horse"
    Then I should see "Welcome back"

  Scenario: Wrong password
    Given a user "ada@shop.example" with password "correct horse"
    When I sign in as "ada@shop.example" with password "nope"
    Then I should see "Invalid email or password"
